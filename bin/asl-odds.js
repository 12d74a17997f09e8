#!/usr/bin/env node
import('../dist/src/cli/main.js').then((m) => m.main(process.argv));
