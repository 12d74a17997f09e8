/**
 * Writes the published JSON Schema of scenario files (`scenarios/scenario.schema.json`), generated
 * from the zod schema (scenario-schema.ts). Run from the repository root after changing the schema:
 *
 *   npm run build && node dist/src/scenario/write-schema.js      (or: npx tsx src/scenario/write-schema.ts)
 *
 * An optional argument names another output file. test/scenario/scenario-file.test.ts fails while the
 * committed file differs from the generated text.
 */
import { writeFileSync } from 'node:fs';
import { SCENARIO_SCHEMA_FILE, scenarioJSONSchemaText } from './scenario-schema.js';

const out = process.argv[2] ?? SCENARIO_SCHEMA_FILE;
writeFileSync(out, scenarioJSONSchemaText());
process.stdout.write(`wrote ${out}\n`);
