#!/usr/bin/env node
// Starts the built command-line program (`npm install` builds it into dist/).
import { main } from '../dist/src/cli/main.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
