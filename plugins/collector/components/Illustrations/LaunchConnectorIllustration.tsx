import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, AppWindow, Pointer } from './shapes';

/** Step 3: the connector among the installed applications. */
export function LaunchConnectorIllustration() {
  const tiles = [0, 1, 2, 3].flatMap((col) => [0, 1].map((row) => ({ col, row })));
  return (
    <IllustrationFrame label="The connector among the applications">
      <AppWindow />
      {tiles.map(({ col, row }) => {
        const connector = col === 2 && row === 0;
        return (
          <rect
            key={`${col}-${row}`}
            x={34 + col * 24}
            y={34 + row * 24}
            width={16}
            height={16}
            rx={4}
            fill={connector ? ACCENT : 'none'}
            stroke={connector ? ACCENT : 'currentColor'}
            strokeWidth={connector ? 2 : 1}
          />
        );
      })}
      <Pointer x={90} y={44} />
    </IllustrationFrame>
  );
}
