/**
 * 'I play this' on a game page: a platform choice and a toggle button (aria-pressed). Turning it on or changing
 * the platform while on sends PUT /games/{slug}/play; turning it off sends DELETE. The answer (the game's new
 * detail, with the new player count) goes to `onChange`; a refusal (e.g. the 30-game limit) shows as a toast.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import type { GameDetailResponse } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS, GAME_PLATFORMS, type GamePlatform } from '../../shared/game-values.ts';
import { playGame, stopPlaying } from '../../stores/games/games-api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SelectField } from '../../ui/SelectField.tsx';

type Game = GameDetailResponse['game'];

const rowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', '& > div': { width: 'auto', minW: '10rem' } });

export function PlayToggle({ game, onChange }: { game: Game; onChange: (game: Game) => void }) {
  const offered = game.platforms.length > 0 ? game.platforms : [...GAME_PLATFORMS];
  const [platform, setPlatform] = useState<GamePlatform>(game.my_platform ?? offered[0] ?? 'steam');
  const [busy, setBusy] = useState(false);
  const playing = game.my_platform !== null;

  async function send(next: 'play' | 'stop', on: GamePlatform = platform) {
    setBusy(true);
    try {
      const answer = next === 'play' ? await playGame(game.slug, on) : await stopPlaying(game.slug);
      onChange(answer.game);
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'Could not update your games');
    } finally {
      setBusy(false);
    }
  }

  const options = (offered.includes(platform) ? offered : [...offered, platform]).map((p) => ({
    value: p,
    label: GAME_PLATFORM_LABELS[p],
  }));
  return (
    <div className={rowClass}>
      <SelectField
        label="Platform"
        accessibleName={`Platform you play ${game.name} on`}
        options={options}
        value={platform}
        disabled={busy}
        onChange={(e) => {
          const next = e.target.value as GamePlatform;
          setPlatform(next);
          if (playing) void send('play', next);
        }}
      />
      <Button
        variant={playing ? 'solid' : 'outline'}
        aria-pressed={playing}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void send(playing ? 'stop' : 'play')}
      >
        {playing && <Icon name="check" />}I play this
      </Button>
    </div>
  );
}
