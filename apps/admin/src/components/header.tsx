// The console's header: the language switch and who is signed in, in which role.
import { useGetIdentity, useTranslate } from '@refinedev/core';
import { useLanguage, type Language } from '../lib/language.tsx';
import { useEffect } from 'react';
import { Layout, Select, Space, Tag, Typography } from 'antd';
import type { TitleProps } from '@refinedev/core';

interface Identity {
  id: string;
  name: string;
  role: string;
}

export function LanguageSwitch() {
  // Refine's useGetLocale keeps the first provider's getLocale; the language is ours.
  const { language, setLanguage } = useLanguage();
  const t = useTranslate();
  return (
    <Select
      aria-label={t('app.language')}
      data-testid="language"
      size="small"
      value={language}
      onChange={(value: Language) => setLanguage(value)}
      style={{ width: 110 }}
      options={[
        { value: 'en', label: 'English' },
        { value: 'zh-CN', label: '简体中文' },
      ]}
    />
  );
}

/**
 * Refine's side menu draws its collapse button as an icon with no name, and offers no prop
 * for one: name it (and give it a tooltip) in the operator's language, whenever it is drawn.
 */
function useNamedMenuToggle(label: string) {
  useEffect(() => {
    const name = () => {
      for (const button of document.querySelectorAll<HTMLButtonElement>(
        '.ant-layout-sider-trigger button, .ant-layout-sider > button',
      )) {
        if (button.getAttribute('aria-label') !== label) {
          button.setAttribute('aria-label', label);
          button.title = label;
        }
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
}

export function Header() {
  const { data: operator } = useGetIdentity<Identity>();
  const t = useTranslate();
  useNamedMenuToggle(t('layout.toggleMenu'));
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 56,
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Space size="middle">
        <LanguageSwitch />
        {operator && (
          <Space size="small">
            <Typography.Text data-testid="operator-email">{operator.name}</Typography.Text>
            <Tag color="#5c5c00">{t(`roles.${operator.role}`, operator.role)}</Tag>
          </Space>
        )}
      </Space>
    </Layout.Header>
  );
}

export function Title({ collapsed }: TitleProps) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, fontSize: 16 }}>
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={24} height={24} />
      {!collapsed && <span style={{ color: '#4d4d00' }}>Olive</span>}
    </div>
  );
}
