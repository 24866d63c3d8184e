// Loader hooks of record-module-loads.mjs: appends each loaded module's URL to the record.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  appendFileSync(process.env.RECORD_MODULE_LOADS_TO, `${url}\n`);
  return nextLoad(url, context);
}
