import './HowToGuide.css';

import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';

import type { ModalBodyProps } from '@core/modals/ModalService';

import { HOW_TO_STEPS } from './howToSteps';

/** The how-to modal's body: the twelve steps, illustrated where the spec says (1–3, 8–12). */
export default function HowToGuide({ close }: ModalBodyProps) {
  return (
    <>
      <DialogBody>
        <ol className="collector-howto" aria-label="Installation steps">
          {HOW_TO_STEPS.map(({ number, text, illustration: Illustration }) => (
            <li key={number} className="collector-howto-step">
              <span className="collector-howto-number" aria-hidden="true">
                {number}
              </span>
              <div className="collector-howto-body">
                <p>
                  <span className="collector-visually-hidden">Step {number}: </span>
                  {text}
                </p>
                {Illustration ? <Illustration /> : null}
              </div>
            </li>
          ))}
        </ol>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={() => close()} />} />
    </>
  );
}
