/** Worker entry: exposes the format API over Comlink. */
import { expose } from 'comlink';
import { formatApi } from './format';

expose(formatApi);
