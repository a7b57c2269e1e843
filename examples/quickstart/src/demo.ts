/**
 * `pnpm demo` at the repository root: starts its own stack (the mock service
 * on a manual clock and the MCP HTTP server, on free local ports), walks a
 * container from tracking to pickup with the SDK and MCP, prints a summary,
 * and stops everything. Nothing else needs to be running.
 */
import { runDemo } from './demo/run.js';
import { startDemoStack } from './demo/stack.js';

const stack = await startDemoStack();
try {
  console.log(`Mock service ${stack.restUrl} (clock from ${stack.clock.now().toISOString()})`);
  console.log(`MCP server   ${stack.mcpUrl}`);
  const report = await runDemo(stack, (line) => console.log(line));
  const { tracked, journey, events } = report;
  console.log(`
== Summary
   ${tracked.containerNumber} (${tracked.scac}) tracked: request ${tracked.trackingRequestId}, container ${tracked.containerId}
   ${report.webhooksVerified} signed webhook deliveries verified (every container of the account, ours included)
   statuses: ${journey.changes.map((change) => `${change.status} (${change.day})`).join(' -> ')}
   last free day ${journey.lastFreeDayLocal ?? 'not reported'} (the service's coalesced pickup_lfd ${journey.lastFreeDay ?? '-'}, the webhook said ${journey.lastFreeDayByWebhook ?? 'nothing'})
   ${events.total} transport events, departed ${events.departedAt ?? '-'}, discharged ${events.dischargedAt ?? '-'}
   get_container over MCP: ${report.mcpText.split('\n')[0] ?? ''}
   needs_attention over MCP: ${report.attentionText.split('\n')[0] ?? ''}`);
} finally {
  await stack.close();
}
