import { Component, type ReactNode } from 'react';

/** Draws `fallback` when its children fail to render (a definition still being made), instead of breaking the designer. */
export class RenderBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
