"""NVIDIA Nemotron (Nano v2 and relatives): ``<TOOLCALL>[{"name": …, "arguments": {…}}]</TOOLCALL>``."""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

FORMAT = ToolFormat(
    "nemotron", "ggml-org/llama.cpp models/templates/NVIDIA-Nemotron-Nano-v2.jinja",
    (Opening("<TOOLCALL>", "</TOOLCALL>"),), tagged_reader({"<TOOLCALL>": "</TOOLCALL>"}, json_or_lenient))
