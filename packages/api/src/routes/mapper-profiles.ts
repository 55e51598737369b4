import { z } from 'zod';
import { defineRoute } from '../route.js';
import { Id } from '../schemas/common.js';
import { MapperProfile, MapperProfileCreate, MapperProfileUpdate } from '../schemas/mapper.js';

const ALL = '/mapper/mapper-profile/';
const ONE = '/mapper/mapper-profile/:id/';
const params = z.object({ id: Id });

export const mapperProfileRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ALL,
    response: { 200: z.array(MapperProfile) },
    errors: ['not_authenticated'],
  }),
  /** Answers the existing profile (200) or a new one with the defaults (201). */
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: MapperProfileCreate,
    response: { 200: MapperProfile, 201: MapperProfile },
    errors: ['not_authenticated', 'invalid', 'permission_denied'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: ONE,
    params,
    body: MapperProfileUpdate,
    response: { 200: MapperProfile },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: ONE,
    params,
    body: MapperProfileUpdate,
    response: { 200: MapperProfile },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
};
