"""Computed views: what a sheet, a table or JSON shows. Templates only read these."""
