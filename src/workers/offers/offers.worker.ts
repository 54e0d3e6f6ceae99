/** Worker entry: exposes the offers API (rank, sort, format) over Comlink. */
import { expose } from 'comlink';
import { offersApi } from './offers';

expose(offersApi);
