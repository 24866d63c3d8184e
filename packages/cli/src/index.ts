export { mapJsonLines } from './io/map-json-lines';
