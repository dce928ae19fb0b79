'use client';
import '@xyflow/react/dist/style.css';
import {
  Background, BackgroundVariant, Controls, MarkerType, MiniMap, ReactFlow, ReactFlowProvider, applyNodeChanges, useReactFlow,
  type Connection, type Edge, type EdgeChange, type FinalConnectionState, type NodeChange,
} from '@xyflow/react';
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { ApiRequestError } from '@/lib/client/api-fetch';
import {
  exportFlow, restoreVersion, saveDraft, useContactVariables, useActionTests, useDraft, usePublish, type DraftStep, type DraftView, type Problems,
} from '@/lib/client/flow-builder';
import { namesBefore, type RuleStep } from '@/lib/flows/publish-rules';
import { variableList } from '@/lib/flows/engine/variable-options';
import { answerPaths, walk } from '@/lib/flows/variables';
import { FlowSettingsPanel, type FlowFields } from './flow-settings-panel';
import { ListeningHint } from './listening-hint';
import { addStep, autoLayout, connect, freeSpot, idxOf, makeFirst, measuredHeights, NODE_W, nodeId, pasteSteps, removeSteps, type Model } from './graph';
import { StepNode, type RunMark, type StepFlowNode } from './step-node';
import { StepPanel } from './step-panel';
import { branches, branchTarget, fieldBranch, spokenStep, STEP_TYPES, TONES, typeInfo, type StepType } from './step-types';
import { TestRunPanel, type TestProgress } from './test-run-panel';
import { VersionsPanel } from './versions-panel';

// The visual flow builder: steps as nodes, branches as labelled edges, a palette, the selected
// step's form beside the canvas, autosave as a draft, publish (refused with the problems shown on
// the nodes), version history, export, and a test run that lights up the path taken.

const nodeTypes = { step: StepNode };
const DRAG_TYPE = 'application/x-flow-step';
type Snapshot = { model: Model; flow: FlowFields };
type Panel = 'step' | 'versions' | 'test';
type SaveState = 'saved' | 'saving' | 'error';

const flatten = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(flatten) : v && typeof v === 'object' ? Object.values(v).flatMap(flatten) : []);

function ruleStep(s: DraftStep): RuleStep {
  return {
    name: s.name ?? '', step_type: s.step_type, ordering_idx: s.ordering_idx, next_step_default_idx: s.next_step_default_idx ?? null,
    next_step_alternate_idx: s.next_step_alternate_idx ?? null, next_steps_for_options_idx: s.next_steps_for_options_idx ?? [],
    answer_failed_next_step_idx: s.answer_failed_next_step_idx ?? null, answer_options: s.answer_options ?? [],
    answer_options_render: s.answer_options_render ?? 'NUMBERS', has_max_wait_time: !!s.has_max_wait_time,
  };
}

function fieldsOf(body: DraftView['body']): FlowFields {
  const { steps: _s, layout: _l, ...rest } = body;
  return rest;
}

/** A step's answer as the test run shows it: the option's title when it was one (from a variable, its item may be an object). */
function answerShown(result: Record<string, unknown>): string | undefined {
  const { answer, option, options } = result as { answer?: unknown; option?: unknown; options?: { title?: string }[] };
  if (answer === undefined || answer === null) return undefined;
  if (Array.isArray(options) && typeof option === 'number' && typeof options[option]?.title === 'string') return options[option].title;
  return typeof answer === 'object' ? JSON.stringify(answer) : String(answer);
}

/** What a test run did at each step, and the edges it went along. */
function runMarks(progress: TestProgress, steps: DraftStep[]): { marks: Map<number, RunMark>; path: Set<string> } {
  const marks = new Map<number, RunMark>();
  const path = new Set<string>();
  if (!progress) return { marks, path };
  const ran = progress.execution_steps;
  ran.forEach((r, i) => {
    const idx = r.step.ordering_idx;
    const answer = answerShown(r.execution_result);
    const state: RunMark['state'] = r.status === 'FAILED' || r.status === 'EXPIRED' ? 'failed' : r.status === 'RUNNING' ? 'current' : 'done';
    marks.set(idx, { state, answer: answer ?? marks.get(idx)?.answer });
    const next = ran[i + 1]?.step.ordering_idx;
    const s = steps.find((x) => x.ordering_idx === idx);
    if (next !== undefined && s) {
      const b = branches(s).find((x) => branchTarget(s, x.id) === next);
      if (b) path.add(`e${idx}-${b.id}`);
    }
  });
  return { marks, path };
}

function Toast({ message }: { message: { text: string; tone: 'ok' | 'bad' } | null }) {
  return (
    <div role="status" aria-live="polite" data-testid="toast" className="pointer-events-none absolute left-1/2 top-3 z-30 -translate-x-1/2">
      {message && (
        <p className={`whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium shadow-lg ${message.tone === 'ok' ? 'bg-slate-900 text-white' : 'bg-rose-600 text-white'}`}>{message.text}</p>
      )}
    </div>
  );
}

function Builder({ id, initial }: { id: string; initial: DraftView }) {
  const rf = useReactFlow();
  const [model, setModel] = useState<Model>({ steps: initial.body.steps, layout: initial.body.layout });
  const [flow, setFlow] = useState<FlowFields>(fieldsOf(initial.body));
  const [problems, setProblems] = useState<Problems>(initial.problems);
  const [status, setStatus] = useState({ status: initial.status, version: initial.version });
  const [save, setSave] = useState<{ state: SaveState; at: string | null }>({ state: 'saved', at: initial.updated_on });
  const [nodes, setNodes] = useState<StepFlowNode[]>([]);
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());
  const [panel, setPanel] = useState<Panel>('step');
  const [addMenu, setAddMenu] = useState<{ screen: { x: number; y: number }; at: { x: number; y: number }; from: { idx: number; branch: string } } | null>(null);
  const [progress, setProgress] = useState<TestProgress>(null);
  const [toast, setToast] = useState<{ text: string; tone: 'ok' | 'bad' } | null>(null);
  const [rev, setRev] = useState(0);
  const [restoring, setRestoring] = useState(false);
  const history = useRef<{ past: Snapshot[]; future: Snapshot[] }>({ past: [], future: [] });
  const current = useRef<Snapshot>({ model, flow });
  current.current = { model, flow };
  const clipboard = useRef<Model | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<number | null>(null);
  const latest = useRef(rev);
  latest.current = rev;
  const variables = useContactVariables();
  const publish = usePublish(id);

  const say = useCallback((text: string, tone: 'ok' | 'bad' = 'ok') => {
    setToast({ text, tone });
    window.setTimeout(() => setToast((t) => (t?.text === text ? null : t)), 4000);
  }, []);

  /** Every edit goes through here: it can be undone, and it is saved as the draft. */
  const commit = useCallback((next: Partial<Snapshot>) => {
    history.current.past.push(current.current);
    if (history.current.past.length > 100) history.current.past.shift();
    history.current.future = [];
    if (next.model) setModel(next.model);
    if (next.flow) setFlow(next.flow);
    setRev((r) => r + 1);
  }, []);
  /** Changes one step on the flow as it is now, not as it was when the change was asked for. */
  const patchStep = useCallback((orderingIdx: number, patch: Partial<DraftStep>) => {
    const now = current.current.model;
    commit({ model: { ...now, steps: now.steps.map((s) => (s.ordering_idx === orderingIdx ? { ...s, ...patch } : s)) } });
  }, [commit]);
  const travel = useCallback((from: 'past' | 'future') => {
    const h = history.current;
    const snap = h[from].pop();
    if (!snap) return;
    h[from === 'past' ? 'future' : 'past'].push(current.current);
    setModel(snap.model);
    setFlow(snap.flow);
    setRev((r) => r + 1);
  }, []);

  /**
   * Saves the body as it is now, after any save under way (so the server never gets them out of
   * order); only the answer for the latest edit says "Saved" and sets the problems.
   */
  const saveNow = useCallback(() => {
    const p = saving.current.catch(() => undefined).then(async () => {
      const r = latest.current;
      const { flow: f, model: m } = current.current;
      try {
        const view = await saveDraft(id, { ...f, steps: m.steps, layout: m.layout });
        if (r === latest.current) {
          setProblems(view.problems);
          setStatus({ status: view.status, version: view.version });
          setSave({ state: 'saved', at: view.updated_on });
        }
      } catch (error) {
        if (r === latest.current) {
          setSave((s) => ({ ...s, state: 'error' }));
          if (error instanceof ApiRequestError && error.status === 400) setProblems(error.body as Problems);
        }
        throw error;
      }
    });
    saving.current = p;
    return p;
  }, [id]);

  // Autosave: the whole body as the draft, shortly after the last edit.
  const pending = useRef(false);
  useEffect(() => {
    if (rev === 0) return;
    setSave((s) => ({ ...s, state: 'saving' }));
    pending.current = true;
    timer.current = window.setTimeout(() => { timer.current = null; pending.current = false; saveNow().catch(() => undefined); }, 500);
    return () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [rev]);
  // Leaving the builder (a link, back) saves an edit still waiting for its turn; closing the tab asks first.
  useEffect(() => {
    const unsaved = (e: BeforeUnloadEvent) => {
      if (pending.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', unsaved);
    return () => {
      window.removeEventListener('beforeunload', unsaved);
      if (pending.current) {
        pending.current = false;
        saveNow().catch(() => undefined);
      }
    };
  }, [saveNow]);

  // A flow without positions (written through the API) is laid out once.
  useEffect(() => {
    if (model.steps.some((s) => !model.layout[s.ordering_idx])) setModel((m) => autoLayout(m));
    window.setTimeout(() => rf.fitView({ padding: 0.2, maxZoom: 1 }), 50);
  }, []);

  const { marks, path } = useMemo(() => runMarks(progress, model.steps), [progress, model.steps]);

  // The nodes follow the model, keeping what React Flow measured and selected.
  useEffect(() => {
    setNodes((prev) => {
      const before = new Map(prev.map((n) => [n.id, n]));
      return model.steps.map((s, i) => {
        const p = (problems.steps?.[i] ?? {}) as Record<string, unknown>;
        const problemBranches = new Set<string>();
        for (const field of Object.keys(p)) {
          const b = fieldBranch(field);
          if (b) problemBranches.add(b);
          if (field === 'next_steps_for_options_idx') branches(s).filter((x) => x.id.startsWith('opt-') && branchTarget(s, x.id) === null).forEach((x) => problemBranches.add(x.id));
        }
        const old = before.get(nodeId(s.ordering_idx));
        return {
          ...old, id: nodeId(s.ordering_idx), type: 'step' as const, position: model.layout[s.ordering_idx] ?? old?.position ?? { x: 0, y: i * 200 },
          data: { step: s, problems: flatten(p), problemBranches, isStart: s.ordering_idx === 0, run: marks.get(s.ordering_idx), goesTo: goToTarget(s, model.steps) },
        };
      });
    });
  }, [model, problems, marks]);

  const edges: Edge[] = useMemo(() => {
    const spoken = new Map(model.steps.map((s) => [s.ordering_idx, spokenStep(s)]));
    return model.steps.flatMap((s) => branches(s).flatMap((b) => {
      const t = branchTarget(s, b.id);
      if (t === null || !spoken.has(t)) return [];
      const eid = `e${s.ordering_idx}-${b.id}`;
      const lit = path.has(eid);
      return [{
        id: eid, source: nodeId(s.ordering_idx), sourceHandle: b.id, target: nodeId(t), type: 'smoothstep',
        ariaLabel: `Link from ${spoken.get(s.ordering_idx)}${b.label === 'next' ? '' : ` (${b.label})`} to ${spoken.get(t)}`,
        label: b.label === 'next' ? undefined : b.label, selected: selectedEdges.has(eid), animated: lit,
        labelStyle: { fontSize: 11, fontWeight: 600, fill: lit ? '#047857' : '#475569' },
        labelBgStyle: { fill: lit ? '#d1fae5' : '#f1f5f9' }, labelBgPadding: [6, 3] as [number, number], labelBgBorderRadius: 6,
        style: { stroke: lit ? '#10b981' : selectedEdges.has(eid) ? '#4f46e5' : '#94a3b8', strokeWidth: lit ? 3 : 1.75 },
        markerEnd: { type: MarkerType.ArrowClosed, color: lit ? '#10b981' : '#94a3b8' },
        data: { lit },
      }];
    }));
  }, [model.steps, selectedEdges, path]);

  const selected = nodes.filter((n) => n.selected).map((n) => idxOf(n.id));
  const selectedStep = selected.length === 1 ? model.steps.find((s) => s.ordering_idx === selected[0]) : undefined;
  // Below the canvas (narrow screens), the panel a tap opens is brought into view.
  const panelRef = useRef<HTMLElement>(null);
  const panelKey = panel === 'test' ? 'test' : selectedStep?.ordering_idx ?? null;
  useEffect(() => {
    if (panelKey === null || !window.matchMedia('(max-width: 1023px)').matches) return;
    panelRef.current?.scrollIntoView({ block: 'start' });
  }, [panelKey]);
  const selectedIndex = selectedStep ? model.steps.indexOf(selectedStep) : -1;

  const onNodesChange = useCallback((changes: NodeChange<StepFlowNode>[]) => {
    setNodes((nds) => applyNodeChanges(changes.filter((c) => c.type !== 'remove'), nds));
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    setSelectedEdges((prev) => {
      const next = new Set(prev);
      for (const c of changes) if (c.type === 'select') (c.selected ? next.add(c.id) : next.delete(c.id));
      return next;
    });
  }, []);
  const onDelete = useCallback(({ nodes: gone, edges: cut }: { nodes: StepFlowNode[]; edges: Edge[] }) => {
    const idxs = new Set(gone.map((n) => idxOf(n.id)));
    let m = idxs.size ? removeSteps(current.current.model, idxs) : current.current.model;
    for (const e of cut) {
      const source = idxOf(e.source);
      if (!idxs.has(source) && e.sourceHandle) m = { ...m, steps: connect(m.steps, source, e.sourceHandle, null) };
    }
    commit({ model: m });
    setSelectedEdges(new Set());
  }, [commit]);
  const onConnect = useCallback((c: Connection) => {
    if (!c.sourceHandle || c.source === c.target) return;
    commit({ model: { ...current.current.model, steps: connect(current.current.model.steps, idxOf(c.source), c.sourceHandle, idxOf(c.target)) } });
  }, [commit]);
  const onConnectEnd = useCallback((event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
    if (state.isValid || !state.fromNode || !state.fromHandle?.id || state.fromHandle.type !== 'source') return;
    const point = 'changedTouches' in event ? event.changedTouches[0] : event;
    const at = rf.screenToFlowPosition({ x: point.clientX, y: point.clientY });
    setAddMenu({ screen: { x: point.clientX, y: point.clientY }, at: { x: at.x - 132, y: at.y }, from: { idx: idxOf(state.fromNode.id), branch: state.fromHandle.id } });
  }, [rf]);

  const select = useCallback((idx: number) => {
    setNodes((nds) => nds.map((n) => ({ ...n, selected: n.id === nodeId(idx) })));
    setPanel('step');
  }, []);
  const add = useCallback((type: StepType, at: { x: number; y: number }, from?: { idx: number; branch: string }) => {
    const { model: m, idx } = addStep(current.current.model, type, at, from);
    commit({ model: m });
    setAddMenu(null);
    window.setTimeout(() => select(idx), 0);
  }, [commit, select]);
  const canvasCenter = useCallback(() => {
    const el = document.querySelector('[data-builder-canvas]')?.getBoundingClientRect();
    const p = rf.screenToFlowPosition({ x: (el?.left ?? 0) + (el?.width ?? 800) / 2, y: (el?.top ?? 0) + (el?.height ?? 600) / 2 });
    return freeSpot(current.current.model.layout, { x: p.x - 132, y: p.y - 60 }, measuredHeights(rf.getNodes()));
  }, [rf]);

  /** A tapped or clicked step type: added at a free spot near the middle of the view, which then follows it. */
  const addInView = useCallback((type: StepType) => {
    const at = canvasCenter();
    add(type, at);
    void rf.setCenter(at.x + NODE_W / 2, at.y + 60, { zoom: rf.getZoom(), duration: 200 });
  }, [add, canvasCenter, rf]);

  const copy = useCallback(() => {
    const m = current.current.model;
    const idxs = new Set(nodes.filter((n) => n.selected).map((n) => idxOf(n.id)));
    if (!idxs.size) return;
    clipboard.current = { steps: m.steps.filter((s) => idxs.has(s.ordering_idx)), layout: m.layout };
    say(`Copied ${idxs.size} step${idxs.size > 1 ? 's' : ''}`);
  }, [nodes, say]);
  const paste = useCallback(() => {
    if (!clipboard.current) return;
    const { model: m, idxs } = pasteSteps(current.current.model, clipboard.current);
    commit({ model: m });
    window.setTimeout(() => setNodes((nds) => nds.map((n) => ({ ...n, selected: idxs.includes(idxOf(n.id)) }))), 0);
  }, [commit]);
  const layoutAll = useCallback(() => {
    commit({ model: autoLayout(current.current.model, measuredHeights(nodes)) });
    window.setTimeout(() => rf.fitView({ padding: 0.2, maxZoom: 1, duration: 300 }), 60);
  }, [commit, nodes, rf]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (t.closest('input, textarea, select, [contenteditable="true"]')) return;
      const mod = e.metaKey || e.ctrlKey;
      if (!mod) { if (e.key === 'Escape') setAddMenu(null); return; }
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); travel('past'); }
      else if ((k === 'z' && e.shiftKey) || k === 'y') { e.preventDefault(); travel('future'); }
      else if (k === 'c') copy();
      else if (k === 'v') { e.preventDefault(); paste(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [travel, copy, paste]);

  /** The last edit saved before going on (publish, restore, a try of the draft): a pending autosave is made now. */
  const flush = async () => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
      pending.current = false;
      await saveNow();
    } else await saving.current;
  };
  const onPublish = async () => {
    try {
      await flush();
      publish.mutate(undefined, {
        onSuccess: (f) => {
          setStatus({ status: 'PUBLISHED', version: f.version });
          setProblems({});
          say(`Published version ${f.version}`);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 400) {
            setProblems(error.body as Problems);
            say(`Not published: ${flatten(error.body).length} problem(s) to fix`, 'bad');
          } else say(error.message, 'bad');
        },
      });
    } catch (error) {
      say((error as Error).message, 'bad');
    }
  };
  const onExport = async () => {
    const body = await exportFlow(id);
    const url = URL.createObjectURL(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${(flow.name || 'flow').toLowerCase().replace(/[^a-z0-9]+/g, '-')}.flow.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const onRestore = async (version: number) => {
    setRestoring(true);
    try {
      await flush();
      const view = await restoreVersion(id, version);
      history.current.past.push(current.current);
      setModel({ steps: view.body.steps, layout: view.body.layout });
      setFlow(fieldsOf(view.body));
      setProblems(view.problems);
      setStatus({ status: view.status, version: view.version });
      setSave({ state: 'saved', at: view.updated_on });
      say(`Version ${version} restored as the draft`);
      window.setTimeout(() => rf.fitView({ padding: 0.2, maxZoom: 1, duration: 300 }), 60);
    } catch (error) {
      say((error as Error).message, 'bad');
    } finally {
      setRestoring(false);
    }
  };

  // The answers of the ACTION steps' trials, by step name: their fields are offered as variables.
  const trials = useActionTests(model.steps.flatMap((s) => (s.step_type === 'ACTION' && s.action_test_response_data ? [s.action_test_response_data] : [])));
  const testedPairs = model.steps.flatMap((s) => (s.step_type === 'ACTION' && s.name && s.action_test_response_data && trials.has(s.action_test_response_data)
    ? [[s.name, s.action_test_response_data] as const] : []));
  // Recomputed when a name or a trial changes, not on every render (an answer may be 64 KiB).
  const testedKey = testedPairs.map(([name, trial]) => `${name}:${trial}`).join(',');
  const tested = useMemo(() => Object.fromEntries(testedPairs.map(([name, trial]) => [name, trials.get(trial)!.response])),
    [testedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const suggestions = useMemo(() => {
    const contact = [...(variables.data?.contact_fields ?? ['first_name', 'last_name', 'phone', 'email']), ...(variables.data?.meta_keys ?? [])].map((f) => `contact.${f}`);
    const before = selectedIndex >= 0 ? namesBefore(model.steps.map(ruleStep)).get(selectedIndex) ?? new Set<string>() : new Set<string>();
    const byName = new Map(model.steps.filter((s) => s.name).map((s) => [s.name!, s]));
    // The fields of a tested ACTION's answer, or of the item a question from a tested list answers with.
    const fieldsOf = (name: string): string[] => {
      const s = byName.get(name);
      if (s?.step_type !== 'QUESTION' || !s.has_options_from_variable) return answerPaths(tested[name], `step.${name}`);
      const [item] = variableList({ options_from_variable: s.options_from_variable ?? '' }, { contact: {}, steps: tested, flowVariables: {} });
      if (item === undefined) return [];
      return answerPaths(s.option_from_variable_value ? walk(item, s.option_from_variable_value.split('.')) : item, `step.${name}`);
    };
    // The steps' own first: they are what a flow is built from.
    return [...[...before].flatMap((n) => [`step.${n}`, ...fieldsOf(n)]), ...flow.flow_execution_variables.map((v) => `flow_execution_variables.${v}`), ...contact];
  }, [variables.data, model.steps, selectedIndex, flow.flow_execution_variables, tested]);

  const problemCount = flatten(problems).length;
  const flowProblems = Object.fromEntries(Object.entries(problems).filter(([k]) => k !== 'steps'));
  const firstProblem = Object.keys(problems.steps ?? {}).map(Number).sort((a, b) => a - b)[0];
  const published = status.status === 'PUBLISHED' && save.state === 'saved';

  return (
    <div className="flex min-h-screen flex-col bg-white lg:h-screen">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 px-4 py-2.5">
        <h1 className="sr-only">Flow builder: {flow.name || 'untitled flow'}</h1>
        <Link href={`/flows/${id}`} className="flex items-center gap-2 text-sm text-indigo-700 hover:underline">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-indigo-600 text-xs font-bold text-white">E</span>← Flow
        </Link>
        <input aria-label="Flow name" value={flow.name} onChange={(e) => commit({ flow: { ...flow, name: e.target.value } })}
          className="w-48 min-w-0 rounded-md border-0 px-2 py-1 text-base font-semibold text-slate-900 hover:ring-1 hover:ring-slate-200 focus:ring-2 focus:ring-indigo-600" />
        <span data-testid="flow-status" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.status === 'DRAFT' ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800'}`}>
          {status.status === 'DRAFT' ? 'Draft' : 'Published'}{status.version > 0 ? ` · v${status.version} live` : ' · never published'}
        </span>
        {status.version > 0 && <ListeningHint key={status.version} flowId={id} />}
        <span data-testid="save-state" className="flex items-center gap-1 text-xs text-slate-500">
          {save.state === 'saving' ? <><Spinner className="size-3" /> Saving…</> : save.state === 'error' ? <span className="text-rose-700">Not saved</span> : 'Saved'}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          <Button variant="ghost" className="!px-2" aria-label="Undo" title="Undo (Ctrl+Z)" onClick={() => travel('past')}>↶</Button>
          <Button variant="ghost" className="!px-2" aria-label="Redo" title="Redo (Ctrl+Shift+Z)" onClick={() => travel('future')}>↷</Button>
          <Button variant="ghost" className="!px-2.5" onClick={layoutAll}>Auto-layout</Button>
          <Button variant="ghost" className="!px-2.5" onClick={() => rf.fitView({ padding: 0.2, maxZoom: 1, duration: 300 })}>Zoom to fit</Button>
          <Button variant="ghost" className="!px-2.5" onClick={() => setPanel(panel === 'versions' ? 'step' : 'versions')}>Versions</Button>
          <Button variant="ghost" className="!px-2.5" onClick={onExport}>Export</Button>
          <Button variant="secondary" onClick={() => setPanel(panel === 'test' ? 'step' : 'test')}>Test run</Button>
          {problemCount > 0 && (
            <button type="button" data-testid="problem-count" onClick={() => { if (firstProblem !== undefined && model.steps[firstProblem]) { select(model.steps[firstProblem].ordering_idx); rf.fitView({ nodes: [{ id: nodeId(model.steps[firstProblem].ordering_idx) }], duration: 300, maxZoom: 1 }); } }}
              className="rounded-full bg-rose-100 px-2.5 py-1 text-xs font-semibold text-rose-800 hover:bg-rose-200">
              {problemCount} problem{problemCount > 1 ? 's' : ''}
            </button>
          )}
          <Button onClick={onPublish} disabled={publish.isPending}>{publish.isPending ? 'Publishing…' : 'Publish'}</Button>
        </div>
      </header>
      {/* Below lg the palette, the canvas and the panel stack, so that a phone's width goes to the canvas. */}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <aside aria-label="Step types" className="shrink-0 overflow-x-auto border-b border-slate-200 bg-slate-50 p-2 lg:w-44 lg:overflow-y-auto lg:border-b-0 lg:border-r xl:w-52">
          <p className="px-1 pb-2 text-[11px] font-semibold uppercase tracking-wide text-slate-500">Drag onto the canvas</p>
          <ul className="flex gap-1 lg:block lg:space-y-1">
            {STEP_TYPES.map((t) => (
              <li key={t.type} className="shrink-0">
                <button type="button" draggable data-palette={t.type} title={t.help}
                  onDragStart={(e) => { e.dataTransfer.setData(DRAG_TYPE, t.type); e.dataTransfer.effectAllowed = 'move'; }}
                  onClick={() => addInView(t.type)}
                  className="flex w-full cursor-grab items-center gap-2 rounded-lg bg-white px-2 py-1.5 text-left shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 active:cursor-grabbing">
                  <span aria-hidden="true" className={`grid size-6 shrink-0 place-items-center rounded-md text-xs ${TONES[t.tone].chip}`}>{t.icon}</span>
                  <span className="min-w-0">
                    <span className="block text-xs font-medium text-slate-800">{t.label}</span>
                    <span className="hidden truncate text-[10px] text-slate-500 xl:block">{t.help}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <div data-builder-canvas className="relative h-[65vh] min-w-0 bg-slate-50 lg:h-auto lg:flex-1"
          onDragOver={(e) => { if (e.dataTransfer.types.includes(DRAG_TYPE)) { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; } }}
          onDrop={(e) => {
            const type = e.dataTransfer.getData(DRAG_TYPE) as StepType;
            if (!type) return;
            e.preventDefault();
            const at = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
            add(type, { x: at.x - 132, y: at.y - 40 });
          }}>
          <Toast message={toast} />
          <ReactFlow<StepFlowNode, Edge> nodes={nodes} edges={edges} nodeTypes={nodeTypes} onNodesChange={onNodesChange} onEdgesChange={onEdgesChange}
            onDelete={onDelete} onConnect={onConnect} onConnectEnd={onConnectEnd}
            onNodeDragStop={(_, __, moved) => commit({ model: { ...current.current.model, layout: { ...current.current.model.layout, ...Object.fromEntries(moved.map((n) => [idxOf(n.id), { x: Math.round(n.position.x), y: Math.round(n.position.y) }])) } } })}
            onPaneClick={() => setAddMenu(null)} onNodeClick={() => setPanel((p) => (p === 'test' ? p : 'step'))}
            deleteKeyCode={['Delete', 'Backspace']} multiSelectionKeyCode={['Shift', 'Meta', 'Control']} minZoom={0.2} maxZoom={1.75}
            defaultEdgeOptions={{ type: 'smoothstep' }} proOptions={{ hideAttribution: true }} aria-label="Flow canvas">
            <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="#cbd5e1" />
            <Controls showInteractive={false} position="bottom-left" />
            <MiniMap pannable zoomable position="bottom-right" ariaLabel="Minimap" className="!rounded-lg !shadow-md max-lg:!hidden" style={{ width: 168, height: 112 }}
              nodeColor={(n) => ((n as StepFlowNode).data.run ? '#10b981' : (n as StepFlowNode).data.problems.length ? '#f43f5e' : '#818cf8')} />
          </ReactFlow>
          {addMenu && (
            <div role="menu" aria-label="Add a step here"
              style={{ left: Math.min(addMenu.screen.x, window.innerWidth - 216), top: Math.max(8, Math.min(addMenu.screen.y, window.innerHeight - 336)) }}
              className="fixed z-40 max-h-80 w-52 overflow-y-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-200">
              <p className="px-3 py-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">Add and connect</p>
              {STEP_TYPES.map((t) => (
                <button key={t.type} type="button" role="menuitem" onClick={() => add(t.type, addMenu.at, addMenu.from)}
                  className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm text-slate-700 hover:bg-indigo-50">
                  <span aria-hidden="true" className={`grid size-5 place-items-center rounded text-[10px] ${TONES[t.tone].chip}`}>{t.icon}</span>{t.label}
                </button>
              ))}
            </div>
          )}
        </div>
        <aside ref={panelRef} className="shrink-0 scroll-mt-2 border-t border-slate-200 bg-white lg:w-80 lg:border-l lg:border-t-0 xl:w-96">
          {panel === 'test' ? (
            <TestRunPanel flowId={id} inbound={flow.execution_type === 'INBOUND'} draft={!published} prepare={flush} onProblems={setProblems} onProgress={setProgress}
              onClose={() => { setPanel('step'); setProgress(null); }} />
          ) : panel === 'versions' ? (
            <VersionsPanel flowId={id} restoring={restoring} onRestore={onRestore} onClose={() => setPanel('step')} />
          ) : selectedStep ? (
            <StepPanel key={selectedStep.ordering_idx} flowId={id} step={selectedStep} suggestions={suggestions} tested={tested}
              errors={(problems.steps?.[selectedIndex] ?? {}) as Record<string, string[]>}
              onChange={(patch) => commit({ model: { ...model, steps: model.steps.map((s) => (s === selectedStep ? { ...s, ...patch } : s)) } })}
              onChangeLater={(patch) => patchStep(selectedStep.ordering_idx, patch)}
              onDelete={() => onDelete({ nodes: nodes.filter((n) => n.id === nodeId(selectedStep.ordering_idx)), edges: [] })}
              steps={model.steps}
              onConnect={(branch, target) => commit({ model: { ...model, steps: connect(model.steps, selectedStep.ordering_idx, branch, target) } })}
              onMakeFirst={() => {
                commit({ model: makeFirst(model, selectedStep.ordering_idx) });
                window.setTimeout(() => setNodes((nds) => nds.map((n) => ({ ...n, selected: n.id === nodeId(0) }))), 0);
              }}
              onClose={() => setNodes((nds) => nds.map((n) => ({ ...n, selected: false })))} />
          ) : (
            <FlowSettingsPanel flow={flow} problems={flowProblems} onChange={(patch) => commit({ flow: { ...flow, ...patch } })} />
          )}
        </aside>
      </div>
    </div>
  );
}

/** A GO_TO's target as the diagram names it: its type and name, or its position in the list. */
function goToTarget(s: DraftStep, steps: DraftStep[]): string | undefined {
  if (s.step_type !== 'GO_TO' || s.next_step_default_idx === null || s.next_step_default_idx === undefined) return undefined;
  const target = steps.find((t) => t.ordering_idx === s.next_step_default_idx);
  if (!target) return undefined;
  return target.name ? `“${target.name}” (${typeInfo(target.step_type).label})` : `${typeInfo(target.step_type).label} (step ${steps.indexOf(target) + 1})`;
}

export function FlowBuilder({ id }: { id: string }) {
  const draft = useDraft(id);
  if (draft.isPending) return <LoadingState />;
  if (draft.isError) return <div className="p-8"><ErrorState error={draft.error} onRetry={() => draft.refetch()} /></div>;
  return <ReactFlowProvider><Builder id={id} initial={draft.data} /></ReactFlowProvider>;
}
