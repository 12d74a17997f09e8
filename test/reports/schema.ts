/**
 * Validation of generated specs against vega-lite's published JSON schema (draft-07), shipped in the
 * package as `vega-lite/vega-lite-schema.json`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

let validator: ValidateFunction | undefined;

/** The compiled schema validator (compiled once: it takes about a second). */
export function vegaLiteValidator(): ValidateFunction {
  if (validator === undefined) {
    const path = createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json');
    const schema = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    // strict: false because the schema uses vega-lite's own annotation keywords; formats are not checked.
    const ajv = new Ajv({ strict: false, allowUnionTypes: true, allErrors: true, validateFormats: false });
    validator = ajv.compile(schema);
  }
  return validator;
}
