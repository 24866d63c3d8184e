export { formatHttpDate, parseHttpDate } from './http-date';
export { formatEntityTag, parseEntityTag, type EntityTag } from './entity-tag';
export type { RequestHeaders } from './request-headers';
export {
  evaluateConditional,
  type ConditionalDecision,
  type ConditionalRequest,
  type RepresentationState,
} from './evaluate-conditional';
export { formatLinkHeader, parseLinkHeader, type ParsedLink, type WebLink } from './link-header';
export * from './json-resource';
export * from './served-resource';
export {
  validatorsOfBytes,
  validatorsOfHash,
  type RepresentationValidators,
} from './representation-validators';
