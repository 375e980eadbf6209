import type { McpTool } from '../define-tool';
import { listSkusTool, getSkuTool, getDossierTool, readinessSummaryTool } from './skus';
import { explainRequirementsTool, whyBlockedTool } from './requirements';
import { marketReadinessTool } from './market-readiness';
import { searchDocumentsTool, getDocumentTool } from './documents';
import { listImportBatchesTool, getImportBatchTool } from './imports';
import { listEntitiesTool } from './entities';
import { listExportTemplatesTool, listExportRunsTool } from './exports';
import { listSupplierRequestsTool } from './outreach';
import { listCurrencyFindingsTool } from './currency';
import {
  getRecallAlertTool,
  getRecallCaseTool,
  getRecallMatchTool,
  listRecallAlertsTool,
  listRecallCasesTool,
  listRecallMatchesTool,
} from './recalls';
import { getPassportTool, listPassportsTool } from './passports';

/**
 * Every tool the MCP endpoint serves, in tools/list order. A new tool is one module exporting a
 * defineTool(...) (calling a domain function, read-only) plus its entry here; the server, the GET
 * metadata, the docs page and the tests' read-only check pick it up from this list.
 */
export const MCP_TOOLS: readonly McpTool<any, any>[] = [
  listSkusTool,
  getSkuTool,
  getDossierTool,
  readinessSummaryTool,
  explainRequirementsTool,
  whyBlockedTool,
  marketReadinessTool,
  searchDocumentsTool,
  getDocumentTool,
  listImportBatchesTool,
  getImportBatchTool,
  listEntitiesTool,
  listExportTemplatesTool,
  listExportRunsTool,
  listSupplierRequestsTool,
  listCurrencyFindingsTool,
  listRecallAlertsTool,
  getRecallAlertTool,
  listRecallMatchesTool,
  getRecallMatchTool,
  listRecallCasesTool,
  getRecallCaseTool,
  listPassportsTool,
  getPassportTool,
];
