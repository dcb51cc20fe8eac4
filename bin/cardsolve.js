#!/usr/bin/env node
// Starts the built command-line program (`npm install` builds it into dist/).
import { main } from '../dist/src/cli/main.js';

// A reader that stops early (`cardsolve curate --help | head`) closes the pipe: what it
// read is all it wanted, so end quietly as other command-line tools do, not with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv).then((code) => {
  process.exitCode = code;
});
