/**
 * The odds tables the page shows as heatmaps: the CLI's table kinds (src/tables/table-kinds.ts), their
 * options as data (the same specs `asl-odds table <kind>` is built from).
 */
import { TABLE_KINDS } from '../../src/tables/table-kinds.js';
import type { TableKind } from '../../src/tables/grid-table.js';

/** The table kind named `name` (`mc`, `hob`, `rally`, `ift`, `interdiction`, `integrity`), or undefined. */
export function tableKindNamed(name: string): TableKind | undefined {
  return TABLE_KINDS.find((k) => k.name === name);
}

export { TABLE_KINDS };
