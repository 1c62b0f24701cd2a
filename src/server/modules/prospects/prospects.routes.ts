import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../contract/pagination';
import {
  prospectCreated,
  prospectDetail,
  prospectForm,
  prospectFormOptions,
  prospectListQuery,
  prospectPaths,
  prospectRow,
} from '../../../contract/prospects';
import type { Db } from '../../db/client';
import { FieldErrors } from '../../http/errors';
import { createProspect, formOptions, prospectDetail as loadProspect, prospectPage } from './prospects.service';

/** Zod issues as the 422 field map: dot paths, unknown keys named one by one. */
function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys)
        add(base ? `${base}.${key}` : key, `The ${base ? `${base}.${key}` : key} field is not allowed.`);
    else add(base || 'body', issue.message);
  }
  return new FieldErrors(errors);
}

export const prospectRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  app.get(
    prospectPaths.formOptions,
    { config: { access: 'prospects.log' }, schema: { response: { 200: prospectFormOptions } } },
    (request) => formOptions(db, request.user!),
  );

  // The body schema depends on who is asking (§6), so it is applied here rather than in the route schema.
  app.post(
    prospectPaths.store,
    { config: { access: 'prospects.log' }, schema: { response: { 200: prospectCreated } } },
    async (request) => {
      const parsed = prospectForm({ canForceCreate: request.user!.canForceCreate }).safeParse(request.body ?? {});
      if (!parsed.success) throw fieldErrorsOf(parsed.error);
      const created = await createProspect(db, request.user!, parsed.data);
      request.log.info({ prospectId: created.id, locationSource: created.locationSource }, 'prospect visit recorded');
      return created;
    },
  );

  app.get(
    prospectPaths.list,
    {
      config: { access: 'prospects.view-own' },
      schema: { querystring: prospectListQuery, response: { 200: pageOf(prospectRow) } },
    },
    (request) => prospectPage(db, request.query, timeZone),
  );

  app.get(
    prospectPaths.show,
    {
      config: { access: 'prospects.view-own' },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: prospectDetail } },
    },
    (request) => loadProspect(db, request.params.id),
  );
};
