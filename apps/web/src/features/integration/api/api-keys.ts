// The API key calls of Settings → Integration (issue 27 §1).
import * as contracts from '@portal/contracts';
import type { CreateApiKeyRequest } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['integration', 'api-keys'],
    queryFn: ({ signal }) => call(contracts.listApiKeys, undefined, { signal }),
  });

// Silent: the dialogs say why a call was refused, beside the form.
export const createApiKey = (body: CreateApiKeyRequest) => call(contracts.createApiKey, body, { silent: true });

export const revokeApiKey = (id: number) => call(contracts.revokeApiKey, undefined, { params: { id }, silent: true });
