import type { FastifyInstance } from 'fastify';
import { avatarNameSchema, baseInfoUpdateSchema, currentLanguageSchema, currentThemeSchema, modifyPasswordSchema, pageQuerySchema } from '../../../src/contracts/auth';
import { profilePaths } from '../../../src/contracts/session';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { ProfileService } from './service';

/** Current-user calls of spec 7.3. */
export function profileRoutes(app: FastifyInstance, service: ProfileService) {
  app.get(profilePaths.baseInfo, async (req) => ok(await service.baseInfo(requireAuth(req))));
  // Both answer the saved BaseInfo, so a replayed offline write learns the new version.
  app.put(profilePaths.baseInfo, async (req) => {
    const session = requireAuth(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await service.updateBaseInfo(session, parse(baseInfoUpdateSchema, req.body), baseVersion), '修改成功');
  });
  app.put(profilePaths.avatar, async (req) => {
    const { name } = parse(avatarNameSchema, req.params);
    return ok(await service.setAvatar(requireAuth(req), name), '修改成功');
  });
  app.post(profilePaths.modifyPassword, async (req) => {
    await service.modifyPassword(requireAuth(req), parse(modifyPasswordSchema, req.body));
    return ok(null, '修改成功');
  });
  app.put(profilePaths.theme, async (req) => {
    await service.setTheme(requireAuth(req), parse(currentThemeSchema, req.body).theme);
    return ok(null, '修改成功');
  });
  app.put(profilePaths.language, async (req) => {
    await service.setLanguage(requireAuth(req), parse(currentLanguageSchema, req.body).language);
    return ok(null, '修改成功');
  });
  app.get(profilePaths.subordinates, async (req) => ok(await service.subordinates(requireAuth(req))));
  app.get(profilePaths.authorize, async (req) => ok(await service.authorize(requireAuth(req))));
  app.get(profilePaths.loginLog, async (req) => {
    const q = parse(pageQuerySchema, req.query);
    return ok(await service.loginLog(requireAuth(req), q.currentPage, q.pageSize));
  });
}
