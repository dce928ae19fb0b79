'use client';
import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A mutation that runs once at a time: `mutate` called again while one is in flight is ignored.
 * A double click lands before React re-renders the button as busy, and would otherwise send a
 * template, create a broadcast or make an API key twice. For actions that create or send; others
 * (a row's delete beside another's) may run side by side and use useMutation.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  // The mutation's own onSettled runs however the call ends, even after the form was reset.
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    onSettled: (...args) => {
      inFlight.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutate: run, mutateAsync: runAsync } = mutation;
  const mutate = useCallback(((...args: Parameters<typeof run>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    run(...args);
  }) as typeof run, [run]);
  const mutateAsync = useCallback(((...args: Parameters<typeof runAsync>) => {
    inFlight.current = true;
    return runAsync(...args);
  }) as typeof runAsync, [runAsync]);
  return { ...mutation, mutate, mutateAsync };
}
