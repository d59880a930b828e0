#!/usr/bin/env -S npx tsx
import { buildProgram } from './program.js';

await buildProgram().parseAsync(process.argv);
// Exit explicitly: the embedded PostgreSQL driver's exit hook would otherwise end the process with code 0.
process.exit(process.exitCode ?? 0);
