export { distributedMapStates, readAsl, substitutePlaceholders, taskStates } from '../asl.ts';

const LOCAL_ACCOUNT = '000000000000';

/** Resource names as the deployed stack would have them, in the local account. */
export const localStateMachineArn = (region: string, name: string) =>
  `arn:aws:states:${region}:${LOCAL_ACCOUNT}:stateMachine:creator-news-hub-${name}`;

export const localFunctionArn = (region: string, name: string) =>
  `arn:aws:lambda:${region}:${LOCAL_ACCOUNT}:function:creator-news-hub-${name}`;
