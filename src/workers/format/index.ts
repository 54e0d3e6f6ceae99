export { formatWorker, resetFormatWorker } from './client';
