import {
  Button,
  Callout,
  Card,
  Classes,
  FileInput,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  Intent,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';

import { platformName } from '@common/devices/platformName';
import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';
import { BreakableText } from '@core/ui/BreakableText/BreakableText';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { type IndicatorType, NeutrinoApiToken, type SweepBody, type SweepRuleSet } from '../../api/NeutrinoApi';
import { neutrinoKeys } from '../../hooks/neutrinoKeys';
import { INDICATOR_LABELS } from '../../logic/kinds';
import type { NeutrinoAccess } from '../../neutrinoAccess';
import { DeviceName } from '../DeviceName/DeviceName';
import { SaveHuntForm } from '../SaveHuntForm/SaveHuntForm';

const TYPES = (Object.keys(INDICATOR_LABELS) as IndicatorType[]).map((value) => ({
  value,
  label: INDICATOR_LABELS[value],
}));
export const MAX_SWEEP_VALUES = 10_000;

/** A pasted or uploaded text: a STIX bundle when it reads as one, else values one per line of `type`. */
export function sweepBodyOf(text: string, type: IndicatorType): SweepBody {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return { bundle: trimmed };
  return { values: trimmed, type };
}

/** What turning a sweep into a rule set did, as the API said it: nothing is called created unless it was. */
export function ruleSetOutcome({ status, ruleSet }: SweepRuleSet): string {
  if (status === 'created')
    return `Rule set “${ruleSet.name}” created: gluon matches it on every inspection from now on.`;
  if (status === 'updated')
    return `Rule set “${ruleSet.name}” updated: gluon matches its indicators again and on every inspection from now on.`;
  return `Rule set “${ruleSet.name}” unchanged: it is already up to date, nothing was created.`;
}

/** Retro-hunt: which devices ever observed any of these indicators, by the matching rules of inspections. */
export function SweepPanel({ access }: { access: NeutrinoAccess }) {
  const api = useService(NeutrinoApiToken);
  const when = useDateTimeFormatter();
  const [text, setText] = useState('');
  const [type, setType] = useState<IndicatorType>('process:name');
  const [fileName, setFileName] = useState<string | null>(null);
  const [swept, setSwept] = useState<SweepBody | null>(null);
  const sweep = useMutation((body: SweepBody) => api.sweep(body), { describe: errorText });
  // The typed name names the rule set, a bundle's too.
  const ruleSet = useMutation((body: SweepBody, name: string) => api.sweepIntoRuleSet({ ...body, name }), {
    describe: errorText,
  });
  const save = useMutation((body: SweepBody, name: string) => api.saveHunt({ name, sweep: body }), {
    describe: errorText,
    invalidates: [neutrinoKeys.savedHunts()],
  });
  const [result, setResult] = useState<Awaited<ReturnType<typeof api.sweep>> | null>(null);
  const [ruleSetDone, setRuleSetDone] = useState<SweepRuleSet | null>(null);
  const lines = text.trim() === '' || text.trim().startsWith('{') ? 0 : text.trim().split(/\r?\n/).length;

  const run = async () => {
    const body = sweepBodyOf(text, type);
    setRuleSetDone(null);
    const answer = await sweep.run(body);
    if (answer.ok) {
      setResult(answer.value);
      setSwept(body);
    }
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setText(await file.text());
  };

  return (
    <div>
      <FormGroup
        label="Indicators"
        labelFor="sweep-values"
        helperText={`One value per line (at most ${MAX_SWEEP_VALUES.toLocaleString('en-US')}), or a STIX 2.1 bundle.${lines ? ` ${count(lines, 'line')}.` : ''}`}
      >
        <TextArea
          id="sweep-values"
          fill
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'helperd\nupdate-cdn.com'}
        />
      </FormGroup>
      <div className="neutrino-row">
        <FormGroup label="The values are" labelFor="sweep-type">
          <HTMLSelect
            id="sweep-type"
            value={type}
            onChange={(e) => setType(e.target.value as IndicatorType)}
            options={TYPES}
          />
        </FormGroup>
        <FormGroup label="Or upload" labelFor="sweep-file">
          <FileInput
            text={fileName ?? 'A .stix2, .json or .txt file…'}
            inputProps={{
              id: 'sweep-file',
              accept: '.stix2,.json,.txt,.csv',
              onChange: (e) => void readFile(e.currentTarget.files?.[0]),
            }}
          />
        </FormGroup>
      </div>
      <Button
        intent={Intent.PRIMARY}
        text="Sweep"
        loading={sweep.pending}
        disabled={text.trim() === ''}
        onClick={() => void run()}
      />
      {sweep.error && <Callout intent={Intent.DANGER}>{sweep.error}</Callout>}
      {result && swept && (
        <div className="neutrino-results">
          <p className={Classes.TEXT_MUTED}>
            {result.matchedIndicators} of {count(result.indicators, 'indicator')} seen on{' '}
            {count(result.devices.length, 'device')}.
            {result.unsupported.length > 0 && ` ${result.unsupported.length} not understood (skipped).`}
          </p>
          {result.devices.map((d) => (
            <Card key={d.device.id} data-testid="sweep-device">
              <H4>
                <DeviceName id={d.device.id} name={d.device.displayName} canOpen={access.openDevice} />{' '}
                <Tag minimal>{platformName(d.device.platform)}</Tag>
              </H4>
              <p className={Classes.TEXT_MUTED}>
                {d.indicators.join(', ')} · first seen {when(d.firstSeen)} · last seen {when(d.lastSeen)}
              </p>
              <TableScroll label={`Matches on ${d.device.displayName}`}>
                <HTMLTable compact striped>
                  <thead>
                    <tr>
                      <th>Indicator</th>
                      <th>Observed</th>
                      <th>How</th>
                      <th>Evidence</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.matches.map((m) => (
                      <tr key={`${m.inspectionId}|${m.kind}|${m.value}|${m.indicator.id}`}>
                        <td>
                          <span className="neutrino-value">
                            <BreakableText>{m.indicator.value}</BreakableText>
                          </span>
                        </td>
                        <td>
                          <span className="neutrino-value">
                            <BreakableText>{m.value}</BreakableText>
                          </span>
                        </td>
                        <td>{m.route}</td>
                        <td>
                          {m.source}
                          {m.line !== null ? `:${m.line}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </TableScroll>
            </Card>
          ))}
          {access.ruleSet && (
            <>
              <SaveHuntForm
                label="Turn into a rule set"
                fieldLabel="Rule set name"
                placeholder="Name, e.g. Helper campaign"
                saved={null}
                onSave={async (name) => {
                  setRuleSetDone(null);
                  const done = await ruleSet.run(swept, name);
                  if (done.ok) setRuleSetDone(done.value);
                  return done;
                }}
              />
              {ruleSetDone && (
                <Callout intent={ruleSetDone.status === 'unchanged' ? Intent.PRIMARY : Intent.SUCCESS}>
                  {ruleSetOutcome(ruleSetDone)}
                </Callout>
              )}
            </>
          )}
          {access.save && (
            <SaveHuntForm
              label="Save sweep"
              fieldLabel="Sweep name"
              placeholder="Name, e.g. helper indicators"
              onSave={(name) => save.run(swept, name)}
            />
          )}
        </div>
      )}
    </div>
  );
}
