import { describe, expect, it } from 'vitest';
import { userRoles } from './auth';
import { roleTemplateNames, roleTemplates, rolePermissions } from './role-permissions';
import { permissions } from './route';

describe('role permissions and role templates', () => {
  it('gives each role defaults from the permissions list, each once', () => {
    for (const role of userRoles) {
      const defaults = rolePermissions[role];
      expect(
        defaults.every((p) => permissions.includes(p)),
        role,
      ).toBe(true);
      expect(new Set(defaults).size, role).toBe(defaults.length);
    }
  });

  it('gives each template one of the roles and a subset of the permissions list, each once', () => {
    expect(roleTemplateNames).toEqual(Object.keys(roleTemplates));
    for (const name of roleTemplateNames) {
      const template = roleTemplates[name];
      expect(userRoles, name).toContain(template.role);
      expect(template.permissions.length, name).toBeGreaterThan(0);
      expect(
        template.permissions.filter((p) => !permissions.includes(p)),
        name,
      ).toEqual([]);
      expect(new Set(template.permissions).size, name).toBe(template.permissions.length);
    }
  });

  it('makes a collector an internal user who works the worklist and the disputes and sees the payments received', () => {
    expect(roleTemplates.collector).toEqual({
      role: 'internal',
      permissions: ['CanViewUsers', 'CanManageCollections', 'CanManageDisputes', 'CanViewReceivedPayments'],
    });
  });

  it('keeps every template plain data, as the browser manifest needs it', () => {
    expect(JSON.parse(JSON.stringify(roleTemplates))).toEqual(roleTemplates);
  });
});
