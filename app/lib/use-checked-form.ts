import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A form checked in the browser by the same schema the action uses: each field once it loses focus,
 * then as the visitor types (§5); the action's answer (lastResult) shows the server's verdict.
 */
export function useCheckedForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
