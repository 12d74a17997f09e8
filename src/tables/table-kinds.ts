/**
 * The odds tables `asl-odds table <kind>` offers. A kind is one file in src/tables/ exporting a
 * {@link TableKind}; listing it here makes the subcommand. Kinds not listed do not exist.
 */
import type { TableKind } from './grid-table.js';
import { hobTableKind } from './hob-table.js';
import { iftTableKind } from './ift-table.js';
import { integrityTableKind } from './integrity-table.js';
import { interdictionTableKind } from './interdiction-table.js';
import { mcTableKind } from './mc-table.js';
import { rallyTableKind } from './rally-table.js';
import { ccTableKind } from './cc-table.js';
import { vehicleTableKind } from './vehicle-table.js';

/** Every table kind, in help order. Names are unique (checked in tests). */
export const TABLE_KINDS: readonly TableKind[] = [mcTableKind, hobTableKind, rallyTableKind, interdictionTableKind, integrityTableKind, iftTableKind, ccTableKind, vehicleTableKind];
