#!/usr/bin/env node
// Launcher for the bundled CLI; a committed file so the bin link exists before the first build.
import '../dist/cli.js';
