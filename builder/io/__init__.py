"""Reading content: YAML with positions, project discovery, reference resolution."""
