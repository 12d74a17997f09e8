/**
 * Writes the published JSON Schema of scenario files (`scenarios/scenario.schema.json`), generated
 * from the zod schema (src/scenario/scenario-schema.ts). Run from the repository root after changing
 * the schema:
 *
 *   npm run write-schema        (= npx tsx scripts/write-scenario-schema.ts)
 *
 * An optional argument names another output file. test/scenario/scenario-file.test.ts fails while the
 * committed file differs from the generated text.
 */
import { writeFileSync } from 'node:fs';
import { SCENARIO_SCHEMA_FILE, scenarioJSONSchemaText } from '../src/scenario/scenario-schema.js';

const out = process.argv[2] ?? SCENARIO_SCHEMA_FILE;
writeFileSync(out, scenarioJSONSchemaText());
process.stdout.write(`wrote ${out}\n`);
