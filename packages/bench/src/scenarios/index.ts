import type { BenchScenario } from '../measurement';
import { bandwidthDemoScenario } from './bandwidth-demo';
import { buildMUrlScenario } from './build-m-url';
import { cliNormalizePythonScenario } from './cli-normalize-python';
import { cliStartupScenario } from './cli-startup';
import { edgeVarnishScenario } from './edge-varnish';
import { normalizeTextScenario } from './normalize-text';
import { resyncBytesScenario } from './resync-bytes';
import { instanceLagScenario } from './instance-lag';
import { sqliteChangeCheckScenario } from './sqlite-change-check';
import { mcpNotifyScenario, mcpSearchScenario } from './mcp-search';
import { mcpRelevanceScenario } from './mcp-relevance';
import { saveToVisibleScenario } from './save-to-visible';
import { scpParseScenario } from './scp-parse';
import { serveExpressScenario } from './serve-express';
import { serveStrapiScenario } from './serve-strapi';
import { scpWriteScenario } from './scp-write';
import { storeReconcileScenario } from './store-reconcile';
import { storeUpsertScenario } from './store-upsert';
import { strapiReconcileScenario } from './strapi-reconcile';
import { strapiSaveScenario } from './strapi-save';
import { tokensDemoScenario } from './tokens-demo';
import { uriNormalizeScenario } from './uri-normalize';

/** Every scenario `npm run bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [
  normalizeTextScenario,
  buildMUrlScenario,
  uriNormalizeScenario,
  scpWriteScenario,
  scpParseScenario,
  storeUpsertScenario,
  storeReconcileScenario,
  saveToVisibleScenario,
  instanceLagScenario,
  sqliteChangeCheckScenario,
  resyncBytesScenario,
  serveExpressScenario,
  serveStrapiScenario,
  mcpSearchScenario,
  mcpRelevanceScenario,
  mcpNotifyScenario,
  edgeVarnishScenario,
  strapiSaveScenario,
  strapiReconcileScenario,
  bandwidthDemoScenario,
  tokensDemoScenario,
  cliStartupScenario,
  cliNormalizePythonScenario,
];
