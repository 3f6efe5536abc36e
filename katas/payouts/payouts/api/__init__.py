"""What callers read: the list endpoint, its cursors, and the CSV export."""

from .export import export
from .listing import Page, list_page

__all__ = ["Page", "export", "list_page"]
