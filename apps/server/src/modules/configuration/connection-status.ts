// GET /api/configuration/connection-status (access spec §8 "Connection status is good only when the status code is
// 200 and the message type is S"; issue 15): asks the ERP connector for its back-end configuration and reports;
// asked of the ERP itself, not of what the portal keeps while the ERP is down (issue 28).
import type { ConnectionStatus } from '@portal/contracts';
import type { AppContext } from '../../app-context';

export async function getConnectionStatus(ctx: AppContext): Promise<ConnectionStatus> {
  try {
    const { status } = await ctx.erp.getBackendConfiguration({ fresh: true });
    return {
      good: status.message_type === 'S',
      statusCode: 200,
      messageType: status.message_type,
      message: status.message_line_string,
    };
  } catch (error) {
    const statusCode =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 503;
    return {
      good: false,
      statusCode,
      messageType: 'E',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
