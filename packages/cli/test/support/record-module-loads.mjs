// `node --import <this file> …` records the URL of every ES module the process loads, one per
// line, in the file named by RECORD_MODULE_LOADS_TO: a test can then see what a command pulls in
// without timing it. (Node 20 runs loader hooks off the main thread, hence a file.)
import { register } from 'node:module';

register('./module-load-hooks.mjs', import.meta.url);
