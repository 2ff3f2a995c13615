"""Pydantic models, one module per content kind."""
