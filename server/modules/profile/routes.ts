import type { FastifyInstance } from 'fastify';
import {
  avatarNameSchema,
  baseInfoUpdateSchema,
  currentLanguageSchema,
  currentThemeSchema,
  modifyPasswordSchema,
  pageQuerySchema,
} from '../../../src/contracts/auth';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { ProfileService } from './service';

/** Current-user calls of spec 7.3. */
export function profileRoutes(app: FastifyInstance, service: ProfileService) {
  app.get('/Permission/Users/Current/BaseInfo', async (req) => ok(await service.baseInfo(requireAuth(req))));
  // Both answer the saved BaseInfo, so a replayed offline write learns the new version.
  app.put('/Permission/Users/Current/BaseInfo', async (req) => {
    const session = requireAuth(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateBaseInfo(session, parse(baseInfoUpdateSchema, req.body), baseVersion), '修改成功');
  });
  app.put('/Permission/Users/Current/Avatar/:name', async (req) => {
    const { name } = parse(avatarNameSchema, req.params);
    return ok(await service.setAvatar(requireAuth(req), name), '修改成功');
  });
  app.post('/Permission/Users/Current/Actions/ModifyPassword', async (req) => {
    await service.modifyPassword(requireAuth(req), parse(modifyPasswordSchema, req.body));
    return ok(null, '修改成功');
  });
  app.put('/Permission/Users/CurrentTheme', async (req) => {
    await service.setTheme(requireAuth(req), parse(currentThemeSchema, req.body).theme);
    return ok(null, '修改成功');
  });
  app.put('/Permission/Users/CurrentLanguage', async (req) => {
    await service.setLanguage(requireAuth(req), parse(currentLanguageSchema, req.body).language);
    return ok(null, '修改成功');
  });
  app.get('/Permission/Users/Current/Subordinate', async (req) => ok(await service.subordinates(requireAuth(req))));
  app.get('/Permission/Users/Current/Authorize', async (req) => ok(await service.authorize(requireAuth(req))));
  app.get('/Permission/Users/CurrentLog', async (req) => {
    const q = parse(pageQuerySchema, req.query);
    return ok(await service.loginLog(requireAuth(req), q.currentPage, q.pageSize));
  });
}
