/**
 * The upload dialog's optional community: where the post is shared. 'No community' keeps it on the person's
 * profile and in the feed; a community of theirs puts it in that community (seen by those who see its content).
 * The person's communities load when the dialog opens; `preset` (opened from a community's page) is listed at once.
 */
import { useEffect, useState } from 'react';
import type { CommunityRef } from '../../shared/community-types.ts';
import { myCommunities } from '../../stores/communities/communities-api.ts';
import { SelectField } from '../../ui/SelectField.tsx';

type Props = { value: string; onChange: (slug: string) => void; preset: CommunityRef | null };

export function CommunityPicker({ value, onChange, preset }: Props) {
  const [mine, setMine] = useState<CommunityRef[]>([]);
  useEffect(() => {
    let live = true;
    myCommunities(null).then(
      (page) => live && setMine(page.communities.map(({ slug, name }) => ({ slug, name }))),
      () => undefined, // posting outside a community still works
    );
    return () => {
      live = false;
    };
  }, []);
  const listed = preset && !mine.some((c) => c.slug === preset.slug) ? [preset, ...mine] : mine;
  if (listed.length === 0) return null;
  const options = [
    { value: '', label: 'No community: your profile and the feed' },
    ...listed.map((c) => ({ value: c.slug, label: c.name })),
  ];
  return <SelectField label="Share in" name="community" options={options} value={value} onChange={(e) => onChange(e.target.value)} />;
}
