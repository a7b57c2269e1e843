#!/usr/bin/env node
// Launcher for the built CLI; kept as a committed file so the bin link exists before the first build.
import '../dist/cli.js';
