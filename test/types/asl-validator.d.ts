/** asl-validator ships no types; this is the part the tests call. */
declare module 'asl-validator' {
  export default function aslValidator(
    definition: unknown,
    options?: { checkPaths?: boolean; checkArn?: boolean },
  ): { isValid: boolean; errors: Array<{ message?: string }> };
}
