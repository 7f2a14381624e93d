import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';

// Unit tests speak the source language (zh-CN): messages fall back to their source text.
i18n.loadAndActivate({ locale: 'zh-CN', messages: {} });
