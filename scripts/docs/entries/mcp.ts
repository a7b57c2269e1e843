/**
 * The MCP server over the SDK: tools, prompts, resources and completions.
 *
 * @module @shiptrack/mcp
 */
export * from '@shiptrack/mcp';
