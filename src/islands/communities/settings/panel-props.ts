/** What every settings panel gets: the community as loaded, and `onChanged` to load it again after a change. */
import type { Community } from '../../../shared/community-types.ts';

export type SettingsPanelProps = { community: Community; onChanged: () => void };
