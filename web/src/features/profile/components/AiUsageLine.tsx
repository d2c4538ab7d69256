import { aiUsageLine } from '@coursecraft/contracts';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAiUsage } from '../api/get-ai-usage';

/**
 * **AI requests today: N of M**, the user's daily AI budget. Shown only when there is a budget;
 * a failed read leaves the line out rather than blocking the page.
 */
export function AiUsageLine() {
  const usage = useAiUsage();
  if (usage.isPending) return <Skeleton width={200} />;
  if (!usage.data || usage.data.limit === 0) return null;
  return <Typography color="text.secondary">{aiUsageLine(usage.data)}</Typography>;
}
