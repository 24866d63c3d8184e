export {
  baseHeadersMerger,
  mergeVary,
  writeBufferedNodeResponse,
  writeNodeResponse,
} from './write-node-response';
