import { RegenerateConfirmDialog } from '../components/RegenerateConfirmDialog';
import {
  chaptersFailureMessage,
  topicsFailureMessage,
  type LevelGeneration,
} from './use-level-generation';

/** The confirmation, with what will be replaced, of the regeneration `generation` waits for. */
export function ConfirmLevelRegeneration({ generation }: { generation: LevelGeneration }) {
  const target = generation.confirming;
  if (!target) return null;
  return (
    <RegenerateConfirmDialog
      target={target}
      failureMessage={target.level === 'topics' ? topicsFailureMessage : chaptersFailureMessage}
      onClose={generation.cancel}
      onConfirm={generation.confirm}
    />
  );
}
