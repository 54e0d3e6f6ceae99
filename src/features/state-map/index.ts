export { StateMap, type StateMapProps, type ChosenState } from './state-map';
