import { parse, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

type CheckedFormOptions<Schema extends z.ZodObject> = {
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
  /** Runs for a submit the browser's check let through (conform's onSubmit). */
  onSubmit?: NonNullable<Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0]["onSubmit"]>;
};

/**
 * A form checked in the browser by the same schema the action uses: each field once it loses focus,
 * then as the visitor types (§5); the action's answer (lastResult) shows the server's verdict.
 *
 * The schema and zod (about 30 KB compressed) load only when the visitor first focuses the form,
 * so pages with a form do not carry them before anyone types. Until they are here, a field left
 * keeps what it showed and is checked as soon as they arrive, and a submit goes to the server,
 * which checks everything anyway, as it does without JavaScript.
 */
export function useCheckedForm<Schema extends z.ZodObject>(
  id: string,
  loadSchema: () => Promise<Schema>,
  lastResult: SubmissionResult<string[]> | undefined,
  { defaultValue, onSubmit }: CheckedFormOptions<Schema> = {},
) {
  // The schema a form checks with does not change while it is shown: the first loader is the one.
  const [loadFirstSchema] = useState(() => loadSchema);
  const [validate, setValidate] = useState<(formData: FormData) => Submission<z.output<Schema>, string[]>>();
  // Fields left while the schema was on its way: checked once it is here.
  const leftEarly = useRef(new Set<string>());

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      if (validate) return validate(formData);
      return parse<z.output<Schema>, string[]>(formData, {
        resolve(_payload, intent) {
          // A submit: the server answers (error null lets it through); a field: nothing changes yet (null keeps its errors).
          if (!intent) return { error: null };
          if (intent.type === "validate" && intent.payload.name) leftEarly.current.add(intent.payload.name);
          return { error: Object.fromEntries(["", ...formData.keys()].map((name) => [name, null])) };
        },
      });
    },
    onSubmit,
  });

  useEffect(() => {
    const element = document.getElementById(id);
    if (validate || !element) return;
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      Promise.all([loadFirstSchema(), import("@conform-to/zod/v4")]).then(
        ([schema, { parseWithZod }]) => setValidate(() => (formData: FormData) => parseWithZod(formData, { schema })),
        // Offline, say: the next focus tries again, and the server checks meanwhile.
        () => (started = false),
      );
    };
    element.addEventListener("focusin", load);
    if (element.contains(document.activeElement)) load();
    return () => element.removeEventListener("focusin", load);
  }, [id, loadFirstSchema, validate]);

  useEffect(() => {
    if (!validate) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [validate, form]);

  return [form, fields] as const;
}
