import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/beta/messages/messages";

export const bodies: Array<MessageCreateParamsStreaming> = [
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m3"
     },
     {
      "type": "tool_use",
      "id": "call4",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call4",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m5"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m9"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m2"
   },
   {
    "type": "text",
    "text": "instructions m5"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m0"
     },
     {
      "type": "tool_use",
      "id": "call1",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call4",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call1",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call4",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m4"
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 7"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m3"
   },
   {
    "type": "text",
    "text": "instructions m8"
   },
   {
    "type": "text",
    "text": "instructions m10"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 3"
     },
     {
      "type": "text",
      "text": "text 5"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m1"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "thinking",
      "thinking": "thinking m8",
      "signature": "ENC9xanthropicQ"
     },
     {
      "type": "text",
      "text": "answer m2"
     },
     {
      "type": "tool_use",
      "id": "call3",
      "name": "tool_0",
      "input": {
       "language": "PYTHON",
       "code": "print(1)"
      }
     },
     {
      "type": "tool_use",
      "id": "call4",
      "name": "tool_1",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call4",
      "content": "result m10"
     },
     {
      "type": "tool_result",
      "tool_use_id": "call3",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/13"
      }
     },
     {
      "type": "text",
      "text": "text 14"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m1"
   },
   {
    "type": "text",
    "text": "instructions m11"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 1"
     },
     {
      "type": "document",
      "source": {
       "type": "file",
       "file_id": "HANDLE2xnoneQ"
      }
     },
     {
      "type": "image",
      "source": {
       "type": "file",
       "file_id": "HANDLE5xnoneQ"
      }
     },
     {
      "type": "image",
      "source": {
       "type": "base64",
       "media_type": "image/png",
       "data": "ZGF0YSA3"
      }
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m23"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m2"
     },
     {
      "type": "text",
      "text": "answer m3"
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 8"
     },
     {
      "type": "text",
      "text": "hello m11"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m0"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m5"
   },
   {
    "type": "text",
    "text": "instructions m6"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m0"
     },
     {
      "type": "tool_use",
      "id": "call1",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call1",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "text",
      "text": "text 9"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 4"
     },
     {
      "type": "text",
      "text": "text 5"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m6"
     },
     {
      "type": "tool_use",
      "id": "call7",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call7",
      "content": [
       {
        "type": "text",
        "text": "text 10"
       }
      ]
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m12"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m6"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m12"
     },
     {
      "type": "tool_use",
      "id": "call13",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call13",
      "content": [
       {
        "type": "text",
        "text": "text 19"
       }
      ]
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m20"
     },
     {
      "type": "tool_use",
      "id": "call21",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call23",
      "name": "tool_1",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call24",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call21",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call23",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call24",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m11"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "document",
      "source": {
       "type": "base64",
       "media_type": "application/pdf",
       "data": "ZGF0YSA5"
      }
     },
     {
      "type": "text",
      "text": "text 14"
     },
     {
      "type": "image",
      "source": {
       "type": "file",
       "file_id": "HANDLE15xanthropicQ"
      }
     },
     {
      "type": "text",
      "text": "text 17"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call19",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call19",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "image",
      "source": {
       "type": "base64",
       "media_type": "image/png",
       "data": "ZGF0YSAx"
      }
     },
     {
      "type": "text",
      "text": "text 2"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m6"
   },
   {
    "type": "text",
    "text": "instructions m7"
   },
   {
    "type": "text",
    "text": "instructions m8"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 6"
     },
     {
      "type": "document",
      "source": {
       "type": "file",
       "file_id": "HANDLE7xanthropicQ"
      }
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m0"
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m3"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m5"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m3"
   },
   {
    "type": "text",
    "text": "instructions m7"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m0"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/2"
      }
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m4"
     },
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": []
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m12"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m3"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m2"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 2"
     },
     {
      "type": "image",
      "source": {
       "type": "base64",
       "media_type": "image/png",
       "data": "ZGF0YSAz"
      }
     },
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/12"
      }
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m13"
   },
   {
    "type": "text",
    "text": "instructions m14"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "document",
      "source": {
       "type": "file",
       "file_id": "HANDLE8xnoneQ"
      }
     },
     {
      "type": "text",
      "text": "text 9"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m13"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m12"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m6"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m4"
   },
   {
    "type": "text",
    "text": "instructions m5"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m4"
     },
     {
      "type": "tool_use",
      "id": "call5",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call6",
      "name": "tool_1",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call5",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call6",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m9"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call1",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call1",
      "content": [
       {
        "type": "text",
        "text": "text 23"
       }
      ]
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m13"
     },
     {
      "type": "tool_use",
      "id": "call14",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call16",
      "name": "tool_1",
      "input": {
       "q": 1
      }
     },
     {
      "type": "tool_use",
      "id": "call17",
      "name": "tool_2",
      "input": {
       "language": "PYTHON",
       "code": "print(1)"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call14",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call16",
      "content": "No result was provided for this tool call.",
      "is_error": true
     },
     {
      "type": "tool_result",
      "tool_use_id": "call17",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m10"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m0"
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m7"
     },
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/10"
      }
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call18",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call18",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m16"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m3"
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m6"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m2"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 1"
     },
     {
      "type": "text",
      "text": "hello m2"
     },
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/6"
      }
     },
     {
      "type": "text",
      "text": "text 7"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m10"
     },
     {
      "type": "image",
      "source": {
       "type": "file",
       "file_id": "HANDLE15xanthropicQ"
      }
     },
     {
      "type": "text",
      "text": "text 16"
     },
     {
      "type": "image",
      "source": {
       "type": "url",
       "url": "https://example.com/media/19"
      }
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m4"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m8"
     },
     {
      "type": "tool_use",
      "id": "call9",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call9",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m12"
     },
     {
      "type": "text",
      "text": "answer m14"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m3"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hello m1"
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m0"
   },
   {
    "type": "text",
    "text": "instructions m7"
   },
   {
    "type": "text",
    "text": "instructions m10"
   },
   {
    "type": "text",
    "text": "instructions m13"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "text 1"
     },
     {
      "type": "text",
      "text": "text 2"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call4",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call4",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "."
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "call7",
      "name": "tool_0",
      "input": {
       "language": "PYTHON",
       "code": "print(1)"
      }
     },
     {
      "type": "tool_use",
      "id": "call10",
      "name": "tool_2",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call10",
      "content": [
       {
        "type": "text",
        "text": "text 12"
       }
      ]
     },
     {
      "type": "tool_result",
      "tool_use_id": "call7",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "answer m18"
     },
     {
      "type": "tool_use",
      "id": "call19",
      "name": "tool_0",
      "input": {
       "q": 1
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "call19",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "system": [
   {
    "type": "text",
    "text": "instructions m5"
   },
   {
    "type": "text",
    "text": "instructions m14"
   },
   {
    "type": "text",
    "text": "instructions m17"
   },
   {
    "type": "text",
    "text": "Context for this run:\n- ctx: v"
   }
  ],
  "tools": [
   {
    "name": "tool_0",
    "description": "A tool",
    "input_schema": {
     "type": "object",
     "properties": {
      "q": {
       "type": "number"
      }
     }
    }
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01R6zRtm9VnRaSJUVkGK9zvM",
      "name": "advisor",
      "input": {}
     },
     {
      "type": "advisor_tool_result",
      "tool_use_id": "srvtoolu_01R6zRtm9VnRaSJUVkGK9zvM",
      "content": {
       "type": "advisor_result",
       "text": "<function_calls>\n<invoke name=\"advisor\">\n</invoke>\n</function_calls>\n<function_calls>\n<invoke name=\"advisor\">\n</invoke>\n</function_calls># Concurrent Worker Pool in Go — Design & Implementation\n\n## Design Outline\n\n### Goals\n1. Fixed-size pool of N goroutines processing jobs concurrently.\n2. Submit work without blocking the producer (bounded queue with backpressure).\n3. **Graceful shutdown**: stop accepting new jobs, finish in-flight work, return cleanly.\n4. **Forced shutdown**: cancel in-flight work via `context.Context` if deadline exceeded.\n5. Safe against double-close, double-submit-after-close, and worker panics.\n\n### Components\n| Component | Role |\n|-----------|------|\n| `Pool` | Public type holding workers, channels, context, and state. |\n| `Job` | Interface (or func) representing a unit of work. Receives a `ctx`. |\n| `jobs chan Job` | Bounded channel for backpressure. |\n| `results chan Result` | Optional results stream. |\n| `ctx, cancel` | For propagating cancellation to in-flight jobs. |\n| `wg sync.WaitGroup` | Tracks active workers for clean Stop. |\n| `closed atomic.Bool` | Guards against Submit-after-Stop and double-Stop. |\n\n### Lifecycle\n```\nNew(n, queueSize) → Start workers → Submit(jobs) ... → Stop(ctx)\n                                                         │\n                          ┌──────────────────────────────┤\n                          ▼                              ▼\n              close(jobs) → workers drain        ctx deadline → cancel() → workers exit\n```\n\n### Shutdown protocol (the tricky part)\n1. `Stop(ctx)` flips `closed` so further `Submit` calls return an error.\n2. Close the `jobs` channel → workers exit their `range` loop after draining queued work.\n3. Wait on `wg` in a goroutine; race against the caller's `ctx`.\n4. If `ctx` fires first, call `cancel()` so in-flight jobs see `ctx.Done()` and can abort.\n5. Always wait for `wg` so no goroutine leaks (even after forced cancel).\n\n### Invariants\n- No send on closed `jobs` channel: gated by `closed` + a `sync.Mutex` around the send.\n- No goroutine leaks: every started worker is in `wg`; `Stop` always `wg.Wait()`s.\n- Panic in a job doesn't kill the worker: `defer recover()` per job.\n\n---\n\n## Implementation\n\n```go\n// Package workerpool provides a fixed-size pool with graceful shutdown.\npackage workerpool\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n)\n\n// Job is a unit of work. The ctx is cancelled on forced shutdown.\ntype Job func(ctx context.Context) Result\n\n// Result carries a job's output and/or error.\ntype Result struct {\n\tValue any\n\tErr   error\n}\n\nvar (\n\tErrPoolClosed = errors.New(\"worker pool: closed\")\n\tErrQueueFull  = errors.New(\"worker pool: queue full\")\n)\n\n// Pool is a fixed-size worker pool.\ntype Pool struct {\n\tjobs    chan Job\n\tresults chan Result\n\n\tctx    context.Context\n\tcancel context.CancelFunc\n\n\twg     sync.WaitGroup\n\tmu     sync.Mutex // guards sends on jobs against close\n\tclosed atomic.Bool\n}\n\n// New creates and starts a pool with `workers` goroutines and a queue of size `queueSize`.\nfunc New(workers, queueSize int) *Pool {\n\tif workers <= 0 {\n\t\tworkers = 1\n\t}\n\tif queueSize < 0 {\n\t\tqueueSize = 0\n\t}\n\tctx, cancel := context.WithCancel(context.Background())\n\tp := &Pool{\n\t\tjobs:    make(chan Job, queueSize),\n\t\tresults: make(chan Result, queueSize),\n\t\tctx:     ctx,\n\t\tcancel:  cancel,\n\t}\n\tp.wg.Add(workers)\n\tfor i := 0; i < workers; i++ {\n\t\tgo p.worker(i)\n\t}\n\treturn p\n}\n\nfunc (p *Pool) worker(id int) {\n\tdefer p.wg.Done()\n\tfor job := range p.jobs { // exits when jobs is closed AND drained\n\t\tp.run(job)\n\t}\n}\n\nfunc (p *Pool) run(job Job) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tp.results <- Result{Err: fmt.Errorf(\"panic: %v\", r)}\n\t\t}\n\t}()\n\t// Short-circuit if we've been force-cancelled.\n\tif err := p.ctx.Err(); err != nil {\n\t\tp.results <- Result{Err: err}\n\t\treturn\n\t}\n\tp.results <- job(p.ctx)\n}\n\n// Submit enqueues a job. Returns an error if the pool is closed or the queue is full.\n// Use SubmitBlocking for backpressure.\nfunc (p *Pool) Submit(job Job) error {\n\tp.mu.Lock()\n\tdefer p.mu.Unlock()\n\tif p.closed.Load() {\n\t\treturn ErrPoolClosed\n\t}\n\tselect {\n\tcase p.jobs <- job:\n\t\treturn nil\n\tdefault:\n\t\treturn ErrQueueFull\n\t}\n}\n\n// SubmitBlocking blocks until the job is enqueued, the pool closes, or ctx is done.\nfunc (p *Pool) SubmitBlocking(ctx context.Context, job Job) error {\n\tp.mu.Lock()\n\tif p.closed.Load() {\n\t\tp.mu.Unlock()\n\t\treturn ErrPoolClosed\n\t}\n\t// Hold the mutex only across the non-blocking attempt; release before potentially blocking.\n\tselect {\n\tcase p.jobs <- job:\n\t\tp.mu.Unlock()\n\t\treturn nil\n\tdefault:\n\t}\n\tp.mu.Unlock()\n\n\tselect {\n\tcase <-ctx.Done():\n\t\treturn ctx.Err()\n\tcase <-p.ctx.Done():\n\t\treturn ErrPoolClosed\n\tdefault:\n\t}\n\n\t// Re-acquire to safely send; the channel might close concurrently with Stop.\n\tp.mu.Lock()\n\tdefer p.mu.Unlock()\n\tif p.closed.Load() {\n\t\treturn ErrPoolClosed\n\t}\n\tselect {\n\tcase p.jobs <- job:\n\t\treturn nil\n\tcase <-ctx.Done():\n\t\treturn ctx.Err()\n\t}\n}\n\n// Results returns the channel jobs publish to. It is closed after Stop completes.\nfunc (p *Pool) Results() <-chan Result { return p.results }\n\n// Stop performs a graceful shutdown:\n//   - Refuses new submissions immediately.\n//   - Allows queued jobs to complete.\n//   - If shutdownCtx expires, cancels in-flight jobs.\n//   - Always waits for all workers to exit (no leaks).\nfunc (p *Pool) Stop(shutdownCtx context.Context) error {\n\t// Make Stop idempotent.\n\tif !p.closed.CompareAndSwap(false, true) {\n\t\treturn ErrPoolClosed\n\t}\n\n\t// Close jobs under the mutex so no Submit sends on a closed channel.\n\tp.mu.Lock()\n\tclose(p.jobs)\n\tp.mu.Unlock()\n\n\tdone := make(chan struct{})\n\tgo func() {\n\t\tp.wg.Wait()\n\t\tclose(done)\n\t}()\n\n\tvar err error\n\tselect {\n\tcase <-done:\n\t\t// Graceful: all queued jobs finished.\n\tcase <-shutdownCtx.Done():\n\t\t// Forced: cancel in-flight jobs, then still wait for workers to return.\n\t\tp.cancel()\n\t\t<-done\n\t\terr = shutdownCtx.Err()\n\t}\n\n\tp.cancel()         // release context resources\n\tclose(p.results)   // safe: all workers have exited\n\treturn err\n}\n```\n\n---\n\n## Example Usage\n\n```go\nfunc main() {\n\tpool := workerpool.New(4, 64)\n\n\t// Consumer.\n\tgo func() {\n\t\tfor r := range pool.Results() {\n\t\t\tif r.Err != nil {\n\t\t\t\tlog.Println(\"job error:\", r.Err)\n\t\t\t\tcontinue\n\t\t\t}\n\t\t\tlog.Println(\"result:\", r.Value)\n\t\t}\n\t}()\n\n\t// Producer.\n\tfor i := 0; i < 100; i++ {\n\t\ti := i\n\t\t_ = pool.SubmitBlocking(context.Background(), func(ctx context.Context) workerpool.Result {\n\t\t\tselect {\n\t\t\tcase <-time.After(50 * time.Millisecond):\n\t\t\t\treturn workerpool.Result{Value: i * 2}\n\t\t\tcase <-ctx.Done():\n\t\t\t\treturn workerpool.Result{Err: ctx.Err()}\n\t\t\t}\n\t\t})\n\t}\n\n\t// Graceful shutdown with 5s budget.\n\tshutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)\n\tdefer cancel()\n\tif err := pool.Stop(shutdownCtx); err != nil {\n\t\tlog.Println(\"forced shutdown:\", err)\n\t}\n}\n```\n\n---\n\n## Key Properties Verified by Construction\n- **No send on closed channel**: `Submit*` holds `mu` while checking `closed` and sending; `Stop` closes under `mu`.\n- **No goroutine leak**: `Stop` always blocks on `<-done` (`wg.Wait`), even on forced cancel.\n- **Idempotent `Stop`**: `CompareAndSwap` on `closed`.\n- **Panic isolation**: each job runs under `defer recover()`; worker survives.\n- **Backpressure**: `SubmitBlocking` respects both caller ctx and pool ctx.\n\n## Suggested Tests\n1. Submit N jobs, `Stop(background)` — assert all N results received.\n2. Long-running jobs + `Stop(timeoutCtx)` — assert `ctx.Err()` returned and no leaked goroutines (`runtime.NumGoroutine` stable).\n3. `Submit` after `Stop` — assert `ErrPoolClosed`.\n4. Concurrent `Submit` + `Stop` race — `go test -race`.\n5. Panicking job — assert pool keeps processing."
      }
     },
     {
      "type": "text",
      "text": "# Concurrent Worker Pool in Go — Design & Implementation\n\n## Design Outline\n\n### Goals\n1. Fixed-size pool of **N goroutines** processing jobs concurrently.\n2. Submit work without blocking the producer (**bounded queue with backpressure**).\n3. **Graceful shutdown**: stop accepting new jobs, finish in-flight work, return cleanly.\n4. **Forced shutdown**: cancel in-flight work via `context.Context` if deadline exceeded.\n5. Safe against double-close, double-submit-after-close, and worker panics.\n\n---\n\n### Components\n\n| Component | Role |\n|---|---|\n| `Pool` | Public type; owns channels, context, sync primitives |\n| `Job` | `func(ctx) Result` — a unit of work |\n| `jobs chan Job` | Bounded channel — enforces backpressure |\n| `results chan Result` | Output stream, closed after shutdown |\n| `ctx, cancel` | Propagates cancellation into in-flight jobs |\n| `sync.WaitGroup` | Tracks live workers — guarantees no goroutine leaks |\n| `atomic.Bool closed` | Guards Submit-after-Stop and double-Stop |\n| `sync.Mutex` | Synchronizes sends with `close(jobs)` |\n\n---\n\n### Lifecycle\n\n```\nNew(n, size) → Start workers → Submit(jobs)... → Stop(ctx)\n                                                    │\n                         ┌──────────────────────────┤\n                         ▼                          ▼\n             close(jobs) → workers drain    ctx expires → cancel() → jobs abort\n```\n\n---\n\n### Shutdown Protocol (the tricky part)\n\n1. `Stop()` flips `closed` ➜ further `Submit` calls return `ErrPoolClosed`.\n2. Close `jobs` channel under the mutex ➜ workers exit their `range` loop after draining.\n3. Race `wg.Wait()` against the caller's `shutdownCtx`.\n4. If `shutdownCtx` fires first → call `cancel()` ➜ in-flight jobs see `ctx.Done()` and abort.\n5. **Always** wait for `wg` even after forced cancel ➜ zero goroutine leaks.\n6. Close `results` only after all workers exit ➜ safe for range-consumers.\n\n---\n\n### Invariants\n\n- **No send on closed channel**: `Submit*` holds `mu` while checking `closed` and sending; `Stop` closes the channel under the same `mu`.\n- **No goroutine leaks**: every worker is registered in `wg`; `Stop` always calls `wg.Wait()`.\n- **Panic isolation**: jobs run under `defer recover()` — one bad job doesn't kill a worker.\n- **Idempotent Stop**: `atomic.CompareAndSwap` on `closed`.\n\n---\n\n## Full Implementation\n\n```go\n// Package workerpool provides a fixed-size concurrent pool with graceful shutdown.\npackage workerpool\n\nimport (\n    \"context\"\n    \"errors\"\n    \"fmt\"\n    \"sync\"\n    \"sync/atomic\"\n)\n\n// ─── Types ────────────────────────────────────────────────────────────────────\n\n// Job is a unit of work. It receives the pool's context and returns a Result.\n// Jobs MUST respect ctx cancellation for forced shutdown to work correctly.\ntype Job func(ctx context.Context) Result\n\n// Result carries a job's output and any error.\ntype Result struct {\n    Value any\n    Err   error\n}\n\n// Sentinel errors returned by the public API.\nvar (\n    ErrPoolClosed = errors.New(\"worker pool: closed\")\n    ErrQueueFull  = errors.New(\"worker pool: queue full\")\n)\n\n// ─── Pool ─────────────────────────────────────────────────────────────────────\n\n// Pool is a fixed-size worker pool.\n// Create with New(); submit with Submit() or SubmitBlocking(); read Results(); stop with Stop().\ntype Pool struct {\n    jobs    chan Job\n    results chan Result\n\n    ctx    context.Context    // cancelled on forced shutdown\n    cancel context.CancelFunc\n\n    wg     sync.WaitGroup\n    mu     sync.Mutex  // guards sends on jobs channel against concurrent close(jobs)\n    closed atomic.Bool // 0 = open, 1 = closed\n}\n\n// New creates and immediately starts a pool with the given number of workers\n// and a bounded job queue of size queueSize.\nfunc New(workers, queueSize int) *Pool {\n    if workers <= 0 {\n        workers = 1\n    }\n    if queueSize < 0 {\n        queueSize = 0\n    }\n\n    ctx, cancel := context.WithCancel(context.Background())\n    p := &Pool{\n        jobs:    make(chan Job, queueSize),\n        results: make(chan Result, queueSize+workers), // headroom for in-flight results\n        ctx:     ctx,\n        cancel:  cancel,\n    }\n\n    p.wg.Add(workers)\n    for i := 0; i < workers; i++ {\n        go p.worker(i)\n    }\n    return p\n}\n\n// ─── Worker loop ──────────────────────────────────────────────────────────────\n\nfunc (p *Pool) worker(id int) {\n    defer p.wg.Done()\n    // range over jobs: blocks until a job arrives OR channel is closed+drained.\n    for job := range p.jobs {\n        p.run(job)\n    }\n}\n\nfunc (p *Pool) run(job Job) {\n    // Isolate panics so a bad job cannot crash the worker goroutine.\n    defer func() {\n        if r := recover(); r != nil {\n            p.results <- Result{Err: fmt.Errorf(\"panic in job: %v\", r)}\n        }\n    }()\n\n    // Honour a forced shutdown: skip the job entirely rather than start it.\n    if err := p.ctx.Err(); err != nil {\n        p.results <- Result{Err: err}\n        return\n    }\n\n    p.results <- job(p.ctx) // pass ctx so jobs can self-abort\n}\n\n// ─── Submission ───────────────────────────────────────────────────────────────\n\n// Submit enqueues a job without blocking.\n// Returns ErrQueueFull if the queue is at capacity, ErrPoolClosed if stopped.\nfunc (p *Pool) Submit(job Job) error {\n    p.mu.Lock()\n    defer p.mu.Unlock()\n\n    if p.closed.Load() {\n        return ErrPoolClosed\n    }\n    select {\n    case p.jobs <- job:\n        return nil\n    default:\n        return ErrQueueFull\n    }\n}\n\n// SubmitBlocking enqueues a job, blocking until:\n//   - The job is accepted (nil), or\n//   - The caller's ctx is done (ctx.Err()), or\n//   - The pool is stopped (ErrPoolClosed).\nfunc (p *Pool) SubmitBlocking(ctx context.Context, job Job) error {\n    // Fast path: non-blocking attempt.\n    p.mu.Lock()\n    if p.closed.Load() {\n        p.mu.Unlock()\n        return ErrPoolClosed\n    }\n    select {\n    case p.jobs <- job:\n        p.mu.Unlock()\n        return nil\n    default:\n    }\n    p.mu.Unlock()\n\n    // Slow path: block until slot, cancellation, or pool shutdown.\n    // Re-acquire mu before each send to stay safe against concurrent Stop().\n    select {\n    case <-ctx.Done():\n        return ctx.Err()\n    case <-p.ctx.Done():\n        return ErrPoolClosed\n    case p.jobs <- job: // may race with Stop; guard with a second check below\n        return nil\n    }\n    // Note: sending directly on p.jobs in the select above is safe because\n    // Stop() closes jobs only after setting closed=true under mu.\n    // A send that races with close will either succeed (job was enqueued before close)\n    // or panic — to avoid the panic we use the mu-guarded retry in the non-blocking path.\n    // For the fully safe variant, replace the direct send with the mu block below.\n}\n\n// ─── Results ──────────────────────────────────────────────────────────────────\n\n// Results returns the read-only results channel.\n// Range over it in a separate goroutine; it is closed after Stop() returns.\nfunc (p *Pool) Results() <-chan Result {\n    return p.results\n}\n\n// ─── Shutdown ─────────────────────────────────────────────────────────────────\n\n// Stop performs a graceful shutdown of the pool.\n//\n//   - Immediately rejects further submissions.\n//   - Waits for the job queue to drain and all workers to finish.\n//   - If shutdownCtx expires before workers are done, forces cancellation\n//     of in-flight jobs via the pool's internal context.\n//   - Returns nil on clean shutdown, shutdownCtx.Err() on forced shutdown.\n//   - Calling Stop more than once returns ErrPoolClosed immediately.\nfunc (p *Pool) Stop(shutdownCtx context.Context) error {\n    // Make Stop idempotent.\n    if !p.closed.CompareAndSwap(false, true) {\n        return ErrPoolClosed\n    }\n\n    // Close the jobs channel under mu: no more sends can happen (closed == true\n    // is now visible to Submit*), so closing is safe here.\n    p.mu.Lock()\n    close(p.jobs)\n    p.mu.Unlock()\n\n    // Wait for all workers in the background so we can race against shutdownCtx.\n    allDone := make(chan struct{})\n    go func() {\n        p.wg.Wait()\n        close(allDone)\n    }()\n\n    var err error\n    select {\n    case <-allDone:\n        // ✅ Graceful: every queued job completed within the deadline.\n\n    case <-shutdownCtx.Done():\n        // ⚠️ Forced: cancel in-flight jobs, then still wait for workers to exit.\n        p.cancel()\n        <-allDone // guarantee no goroutine leaks\n        err = shutdownCtx.Err()\n    }\n\n    p.cancel()        // release internal context resources (idempotent)\n    close(p.results)  // safe: all workers have exited, no more sends possible\n    return err\n}\n```\n\n---\n\n## Example Usage\n\n```go\nfunc main() {\n    pool := workerpool.New(4, 64) // 4 workers, queue depth 64\n\n    // ── Consumer: range over results until pool shuts down ──\n    var consumerWg sync.WaitGroup\n    consumerWg.Add(1)\n    go func() {\n        defer consumerWg.Done()\n        for r := range pool.Results() { // channel closed after Stop()\n            if r.Err != nil {\n                log.Println(\"error:\", r.Err)\n            } else {\n                log.Println(\"result:\", r.Value)\n            }\n        }\n    }()\n\n    // ── Producer: submit 100 jobs ──\n    for i := range 100 {\n        i := i\n        err := pool.SubmitBlocking(context.Background(), func(ctx context.Context) workerpool.Result {\n            select {\n            case <-time.After(50 * time.Millisecond):\n                return workerpool.Result{Value: i * 2}\n            case <-ctx.Done(): // respect forced shutdown\n                return workerpool.Result{Err: ctx.Err()}\n            }\n        })\n        if err != nil {\n            log.Println(\"submit error:\", err)\n        }\n    }\n\n    // ── Graceful shutdown: 5 second budget ──\n    shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)\n    defer cancel()\n\n    if err := pool.Stop(shutdownCtx); err != nil {\n        log.Println(\"forced shutdown due to:\", err)\n    }\n\n    consumerWg.Wait() // wait for all results to be logged\n    log.Println(\"clean exit\")\n}\n```\n\n---\n\n## Key Properties — Verified by Construction\n\n| Property | Mechanism |\n|---|---|\n| No send on closed channel | `Submit*` holds `mu` during closed-check + send; `Stop` closes under same `mu` |\n| No goroutine leaks | `Stop` always awaits `wg.Wait()`, even on forced cancel |\n| Idempotent `Stop` | `atomic.CompareAndSwap` ensures only one caller proceeds |\n| Panic isolation | Every job wrapped in `defer recover()` — workers never die |\n| Backpressure | Bounded `jobs` channel; `Submit` returns `ErrQueueFull` immediately |\n| Clean consumer API | `results` closed only after all workers exit — safe to `range` |\n| Context propagation | Every job receives the pool `ctx`; forced shutdown cancels it |\n\n---\n\n## Suggested Tests\n\n```\n1. Happy path   — Submit N jobs, Stop(background) → assert all N results received.\n2. Forced stop  — Long-running jobs + Stop(1ms ctx) → assert ctx.Err returned; runtime.NumGoroutine stable (no leaks).\n3. Submit after Stop          → must return ErrPoolClosed.\n4. Queue full (Submit, no block) → must return ErrQueueFull.\n5. Panic in job               → pool keeps processing subsequent jobs; panic surfaces in Results.\n6. Race detector (go test -race) with concurrent Submit + Stop.\n```"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_advisor_plaintext",
      "name": "advisor",
      "input": {}
     },
     {
      "type": "advisor_tool_result",
      "tool_use_id": "srvtoolu_advisor_plaintext",
      "content": {
       "type": "advisor_result",
       "text": "Partial plaintext advice.",
       "stop_reason": "max_tokens"
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_advisor_redacted",
      "name": "advisor",
      "input": {}
     },
     {
      "type": "advisor_tool_result",
      "tool_use_id": "srvtoolu_advisor_redacted",
      "content": {
       "type": "advisor_redacted_result",
       "encrypted_content": "opaque-encrypted-advice",
       "stop_reason": "end_turn"
      }
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "thinking",
      "thinking": "The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185",
      "signature": "EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB"
     },
     {
      "type": "text",
      "text": "925 ÷ 5 = 185"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "\n\nHere's a comparison of the weather in both cities:\n\n**San Francisco:**\n- Temperature: 72°F\n- Condition: Sunny\n\n**New York:**\n- Temperature: 65°F\n- Condition: Cloudy\n\n**Summary:**\nSan Francisco is warmer than New York by 7 degrees (72°F vs 65°F) and has better weather conditions with sunny skies, while New York is experiencing cloudy conditions. If you're looking for warm and sunny weather, San Francisco is the better choice right now."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll create a Python script to calculate Fibonacci numbers and then execute it to find the 10th Fibonacci number."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_0112cP8RpnKv67t2cscmN4ia",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/fibonacci.py",
       "file_text": "def fibonacci(n):\n    \"\"\"\n    Calculate the nth Fibonacci number.\n    \n    Args:\n        n: The position in the Fibonacci sequence (1-indexed)\n        \n    Returns:\n        The nth Fibonacci number\n    \"\"\"\n    if n <= 0:\n        return \"Please enter a positive integer\"\n    elif n == 1:\n        return 0\n    elif n == 2:\n        return 1\n    else:\n        # Using iterative approach for efficiency\n        a, b = 0, 1\n        for _ in range(2, n):\n            a, b = b, a + b\n        return b\n\ndef fibonacci_recursive(n):\n    \"\"\"\n    Calculate the nth Fibonacci number using recursion.\n    \n    Args:\n        n: The position in the Fibonacci sequence (1-indexed)\n        \n    Returns:\n        The nth Fibonacci number\n    \"\"\"\n    if n <= 0:\n        return \"Please enter a positive integer\"\n    elif n == 1:\n        return 0\n    elif n == 2:\n        return 1\n    else:\n        return fibonacci_recursive(n-1) + fibonacci_recursive(n-2)\n\nif __name__ == \"__main__\":\n    # Calculate the 10th Fibonacci number\n    n = 10\n    result = fibonacci(n)\n    \n    print(f\"The {n}th Fibonacci number is: {result}\")\n    \n    # Show the first 10 Fibonacci numbers\n    print(f\"\\nFirst {n} Fibonacci numbers:\")\n    for i in range(1, n + 1):\n        print(f\"F({i}) = {fibonacci(i)}\")\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_0112cP8RpnKv67t2cscmN4ia",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "text",
      "text": "Now let's execute the script to find the 10th Fibonacci number:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01K2E2j5mkxbtLqNBc6RJHds",
      "name": "bash_code_execution",
      "input": {
       "command": "python /tmp/fibonacci.py"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01K2E2j5mkxbtLqNBc6RJHds",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "The 10th Fibonacci number is: 34\n\nFirst 10 Fibonacci numbers:\nF(1) = 0\nF(2) = 1\nF(3) = 1\nF(4) = 2\nF(5) = 3\nF(6) = 5\nF(7) = 8\nF(8) = 13\nF(9) = 21\nF(10) = 34\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "Perfect! The script has been created and executed successfully. \n\n**Result: The 10th Fibonacci number is 34**\n\nThe script includes:\n1. An **iterative function** (`fibonacci`) - efficient and fast, suitable for larger numbers\n2. A **recursive function** (`fibonacci_recursive`) - simpler but less efficient for large values\n3. The main execution block that calculates and displays the 10th Fibonacci number\n4. A bonus display showing all Fibonacci numbers from F(1) to F(10)\n\nThe Fibonacci sequence starts with 0, 1, and each subsequent number is the sum of the previous two numbers: 0, 1, 1, 2, 3, 5, 8, 13, 21, 34, ..."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll help you create a Python script to calculate Fibonacci numbers, execute it to find the 10th Fibonacci number, and output the results to an Excel file. Let me break this down into steps:\n\n1. First, I'll create a Python script with a Fibonacci function\n2. Execute it to find the 10th Fibonacci number\n3. Output the data to an Excel file\n4. Export both the Excel file and the Python code\n\nLet's start:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01VjmbsCAfwDbQqZ1vMT2TXb",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/fibonacci_calculator.py",
       "file_text": "\"\"\"\nFibonacci Number Calculator\nThis script calculates Fibonacci numbers and exports results to an Excel file.\n\"\"\"\n\nimport pandas as pd\nimport os\n\ndef fibonacci(n):\n    \"\"\"\n    Calculate the nth Fibonacci number using iterative approach.\n    \n    Args:\n        n (int): The position in the Fibonacci sequence (0-indexed)\n        \n    Returns:\n        int: The nth Fibonacci number\n    \"\"\"\n    if n < 0:\n        raise ValueError(\"n must be a non-negative integer\")\n    elif n == 0:\n        return 0\n    elif n == 1:\n        return 1\n    \n    # Iterative approach for efficiency\n    a, b = 0, 1\n    for _ in range(2, n + 1):\n        a, b = b, a + b\n    return b\n\n\ndef fibonacci_recursive(n):\n    \"\"\"\n    Calculate the nth Fibonacci number using recursive approach.\n    (Less efficient but more intuitive)\n    \n    Args:\n        n (int): The position in the Fibonacci sequence (0-indexed)\n        \n    Returns:\n        int: The nth Fibonacci number\n    \"\"\"\n    if n < 0:\n        raise ValueError(\"n must be a non-negative integer\")\n    elif n == 0:\n        return 0\n    elif n == 1:\n        return 1\n    else:\n        return fibonacci_recursive(n - 1) + fibonacci_recursive(n - 2)\n\n\ndef generate_fibonacci_sequence(count):\n    \"\"\"\n    Generate a sequence of Fibonacci numbers.\n    \n    Args:\n        count (int): Number of Fibonacci numbers to generate\n        \n    Returns:\n        list: List of tuples (position, fibonacci_number)\n    \"\"\"\n    sequence = []\n    for i in range(count):\n        fib_num = fibonacci(i)\n        sequence.append((i, fib_num))\n    return sequence\n\n\ndef export_to_excel(data, filename, target_n=None, target_value=None):\n    \"\"\"\n    Export Fibonacci data to an Excel file.\n    \n    Args:\n        data (list): List of tuples (position, fibonacci_number)\n        filename (str): Output filename\n        target_n (int): Highlight the target position\n        target_value (int): The value at target position\n    \"\"\"\n    # Create DataFrame\n    df = pd.DataFrame(data, columns=['Position (n)', 'Fibonacci Number'])\n    \n    # Create Excel writer\n    output_path = filename\n    with pd.ExcelWriter(output_path, engine='openpyxl') as writer:\n        df.to_excel(writer, sheet_name='Fibonacci Sequence', index=False)\n        \n        # Get the workbook and worksheet\n        workbook = writer.book\n        worksheet = writer.sheets['Fibonacci Sequence']\n        \n        # Add some formatting\n        from openpyxl.styles import Font, PatternFill, Alignment\n        \n        # Format header row\n        for cell in worksheet[1]:\n            cell.font = Font(bold=True, size=12)\n            cell.fill = PatternFill(start_color=\"4472C4\", end_color=\"4472C4\", fill_type=\"solid\")\n            cell.font = Font(bold=True, color=\"FFFFFF\", size=12)\n            cell.alignment = Alignment(horizontal='center')\n        \n        # Highlight the target row if specified\n        if target_n is not None:\n            target_row = target_n + 2  # +2 because of 1-indexing and header row\n            for cell in worksheet[target_row]:\n                cell.fill = PatternFill(start_color=\"FFFF00\", end_color=\"FFFF00\", fill_type=\"solid\")\n                cell.font = Font(bold=True)\n        \n        # Adjust column widths\n        worksheet.column_dimensions['A'].width = 18\n        worksheet.column_dimensions['B'].width = 25\n        \n        # Add a summary section\n        summary_row = len(data) + 3\n        worksheet.cell(row=summary_row, column=1, value=\"Summary:\")\n        worksheet.cell(row=summary_row, column=1).font = Font(bold=True, size=12)\n        \n        if target_n is not None and target_value is not None:\n            worksheet.cell(row=summary_row + 1, column=1, value=f\"Target Position:\")\n            worksheet.cell(row=summary_row + 1, column=2, value=target_n)\n            worksheet.cell(row=summary_row + 2, column=1, value=f\"Fibonacci Number at Position {target_n}:\")\n            worksheet.cell(row=summary_row + 2, column=2, value=target_value)\n            worksheet.cell(row=summary_row + 2, column=2).font = Font(bold=True, color=\"FF0000\", size=12)\n    \n    print(f\"Excel file created successfully: {output_path}\")\n\n\ndef main():\n    \"\"\"\n    Main function to calculate Fibonacci numbers and export to Excel.\n    \"\"\"\n    # Target: Find the 10th Fibonacci number\n    target_position = 10\n    \n    print(\"=\" * 60)\n    print(\"FIBONACCI NUMBER CALCULATOR\")\n    print(\"=\" * 60)\n    \n    # Calculate the 10th Fibonacci number\n    fib_10 = fibonacci(target_position)\n    print(f\"\\nThe {target_position}th Fibonacci number is: {fib_10}\")\n    \n    # Generate sequence up to position 15 for context\n    sequence_length = 15\n    print(f\"\\nGenerating Fibonacci sequence (positions 0 to {sequence_length - 1})...\")\n    fibonacci_sequence = generate_fibonacci_sequence(sequence_length)\n    \n    # Display the sequence\n    print(\"\\nFibonacci Sequence:\")\n    print(\"-\" * 40)\n    print(f\"{'Position':<12} {'Fibonacci Number':<20}\")\n    print(\"-\" * 40)\n    for pos, fib_num in fibonacci_sequence:\n        marker = \" <-- TARGET\" if pos == target_position else \"\"\n        print(f\"{pos:<12} {fib_num:<20}{marker}\")\n    print(\"-\" * 40)\n    \n    # Export to Excel\n    output_dir = os.environ.get('OUTPUT_DIR', '/tmp')\n    excel_filename = os.path.join(output_dir, 'fibonacci_results.xlsx')\n    \n    print(f\"\\nExporting data to Excel file...\")\n    export_to_excel(fibonacci_sequence, excel_filename, target_position, fib_10)\n    \n    print(\"\\n\" + \"=\" * 60)\n    print(\"CALCULATION COMPLETE!\")\n    print(\"=\" * 60)\n    print(f\"\\n✓ The 10th Fibonacci number is: {fib_10}\")\n    print(f\"✓ Excel file saved to: fibonacci_results.xlsx\")\n    print(f\"✓ Python script: fibonacci_calculator.py\")\n    print(\"\\n\" + \"=\" * 60)\n\n\nif __name__ == \"__main__\":\n    main()\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01VjmbsCAfwDbQqZ1vMT2TXb",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "text",
      "text": "Now let's execute the script:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_012YoPmsXAV9uamn7ihJQ4Tq",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && python fibonacci_calculator.py"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_012YoPmsXAV9uamn7ihJQ4Tq",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "============================================================\nFIBONACCI NUMBER CALCULATOR\n============================================================\n\nThe 10th Fibonacci number is: 55\n\nGenerating Fibonacci sequence (positions 0 to 14)...\n\nFibonacci Sequence:\n----------------------------------------\nPosition     Fibonacci Number    \n----------------------------------------\n0            0                   \n1            1                   \n2            1                   \n3            2                   \n4            3                   \n5            5                   \n6            8                   \n7            13                  \n8            21                  \n9            34                  \n10           55                   <-- TARGET\n11           89                  \n12           144                 \n13           233                 \n14           377                 \n----------------------------------------\n\nExporting data to Excel file...\nExcel file created successfully: /files/output/d8431206ec0cab8d/fibonacci_results.xlsx\n\n============================================================\nCALCULATION COMPLETE!\n============================================================\n\n✓ The 10th Fibonacci number is: 55\n✓ Excel file saved to: fibonacci_results.xlsx\n✓ Python script: fibonacci_calculator.py\n\n============================================================\n",
       "stderr": "",
       "return_code": 0,
       "content": [
        {
         "type": "bash_code_execution_output",
         "file_id": "file_011CUJb81H3UdPo5KVkmq3Ez"
        }
       ]
      }
     },
     {
      "type": "text",
      "text": "Perfect! Now let's copy the Python script to the output directory as well:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_016pjVUw18ZvdBcGYojw9V4a",
      "name": "bash_code_execution",
      "input": {
       "command": "cp /tmp/fibonacci_calculator.py $OUTPUT_DIR/fibonacci_calculator.py"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_016pjVUw18ZvdBcGYojw9V4a",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "",
       "stderr": "",
       "return_code": 0,
       "content": [
        {
         "type": "bash_code_execution_output",
         "file_id": "file_011CUJb8TVNUHywcwDzzu7ms"
        }
       ]
      }
     },
     {
      "type": "text",
      "text": "Excellent! I've successfully completed your request. Here's what was done:\n\n## Summary\n\n### 🎯 Results:\n- **The 10th Fibonacci number is: 55**\n\n### 📦 Files Created:\n\n1. **fibonacci_calculator.py** - The Python script with:\n   - `fibonacci()` - Efficient iterative implementation to calculate Fibonacci numbers\n   - `fibonacci_recursive()` - Alternative recursive implementation\n   - `generate_fibonacci_sequence()` - Generates a sequence of Fibonacci numbers\n   - `export_to_excel()` - Exports data to a formatted Excel file\n   - Main function that calculates the 10th Fibonacci number and generates positions 0-14\n\n2. **fibonacci_results.xlsx** - Excel file containing:\n   - A formatted table with Fibonacci sequence (positions 0-14)\n   - The 10th position (value: 55) is highlighted in yellow\n   - Professional formatting with colored headers\n   - A summary section showing the target position and its value\n\n### 🔢 Fibonacci Sequence (first 15 positions):\n- Position 0: 0\n- Position 1: 1\n- Position 2: 1\n- Position 3: 2\n- Position 4: 3\n- Position 5: 5\n- Position 6: 8\n- Position 7: 13\n- Position 8: 21\n- Position 9: 34\n- **Position 10: 55** ← Target\n- Position 11: 89\n- Position 12: 144\n- Position 13: 233\n- Position 14: 377\n\nBoth files have been exported and are ready for download!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I need to create a PowerPoint presentation about renewable energy sources. Let me first read the PPTX skill file to understand the proper approach."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01Cq5HzojbaLrsQTvdHW4VNK",
      "name": "text_editor_code_execution",
      "input": {
       "command": "view",
       "path": "/skills/pptx/SKILL.md"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01Cq5HzojbaLrsQTvdHW4VNK",
      "content": {
       "type": "text_editor_code_execution_view_result",
       "file_type": "text",
       "content": "---\nname: PowerPoint Suite\ndescription: Presentation creation, editing, and analysis.\nwhen_to_use: \"When Claude needs to work with presentations (.pptx files) for: (1) Creating new presentations, (2) Modifying or editing content, (3) Working with layouts, (4) Adding comments or speaker notes, or any other presentation tasks\"\nversion: 0.0.3\n---\n\n# PPTX creation, editing, and analysis\n\n## Overview\n\nA user may ask you to create, edit, or analyze the contents of a .pptx file. A .pptx file is essentially a ZIP archive containing XML files and other resources that you can read or edit. You have different tools and workflows available for different tasks.\n\n## Reading and analyzing content\n\n### Text extraction\nIf you just need to read the text contents of a presentation, you should convert the document to markdown:\n\n```bash\n# Convert document to markdown\npython -m markitdown path-to-file.pptx\n```\n\n### Raw XML access\nYou need raw XML access for: comments, speaker notes, slide layouts, animations, design elements, and complex formatting. For any of these ....*: `npm install -g sharp` (for SVG rasterization and image processing)\n- **LibreOffice**: `sudo apt-get install libreoffice` (for PDF conversion)\n- **Poppler**: `sudo apt-get install poppler-utils` (for pdftoppm to convert PDF to images)",
       "num_lines": 484,
       "start_line": 1,
       "total_lines": 484
      }
     },
     {
      "type": "text",
      "text": "Now let me read the html2pptx.md file to understand the detailed syntax and best practices for creating presentations:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_016RuxHyUU862TQjFkNrKNVS",
      "name": "text_editor_code_execution",
      "input": {
       "command": "view",
       "path": "/skills/pptx/html2pptx.md"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_016RuxHyUU862TQjFkNrKNVS",
      "content": {
       "type": "text_editor_code_execution_view_result",
       "file_type": "text",
       "content": "# HTML to PowerPoint Guide\n\nConvert HTML slides to PowerPoint presentations with accurate positioning using the `html2pptx.js` library.\n\n## Table of Contents\n\n1. [Creating HTML Slides](#creating-html-slides)\n2. [Using the html2pptx Library](#using-the-html2pptx-library)\n3. [Using PptxGenJS](#using-pptxgenjs)\n\n---\n\n## Creating HTML Slides\n\nEvery HTML slide must include proper body dimensions:\n\n### Layout Dimensions\n\n- **16:9** (default): `width: 720pt; height: 405pt`\n- **4:3**: `width: 720pt; height: 540pt`\n- **16:10**: `width: 720pt; height: 450pt`\n\n### Supported Elements\n\n- `<p>`, `<h1>`-`<h6>` - Text with styling\n- `<ul>`, `<ol>` - Lists (never use manual bullets •, -, *)\n- `<b>`, `<strong>` - Bold text (inline formatting)\n- `<i>`, `<em>` - Italic text (inline formatting)\n- `<u>` - Underlined text (inline formatting)\n- `<span>` - Inline formatting with CSS styles (bold, italic, underline, color)\n- `<div>` with bg/border - Becomes .....e\n- `colW` - Array of column widths (in inches)\n- `rowH` - Array of row heights (in inches)\n- `border` - Border style: `{ pt: 1, color: \"999999\" }`\n- `fill` - Background color (no # prefix)\n- `align` - Text alignment: \"left\", \"center\", \"right\"\n- `valign` - Vertical alignment: \"top\", \"middle\", \"bottom\"\n- `fontSize` - Text size\n- `autoPage` - Auto-create new slides if content overflows",
       "num_lines": 626,
       "start_line": 1,
       "total_lines": 626
      }
     },
     {
      "type": "text",
      "text": "Perfect! Now I'll create a presentation about renewable energy sources. Let me think about the design approach first:\n\n**Design Approach:**\nFor a renewable energy presentation, I'll use:\n- **Color Palette**: \"Sage & Terracotta\" with earthy tones - Sage (#87A96B) for renewable/nature, terracotta (#E07A5F) for solar/energy, cream (#F4F1DE), and charcoal (#2C2C2C) for text\n- **Typography**: Arial for clarity and professionalism\n- **Layout**: Clean, modern design with strong visual hierarchy\n- **Style**: Use color blocks and simple shapes to create visual interest\n\nNow let me create the HTML slides and convert them to PowerPoint:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_0114p62tPzsq7C8QCbZteakb",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/slide1.html",
       "file_text": "<!DOCTYPE html>\n<html>\n<head>\n<style>\nhtml ng a Sustainable Future</p>\n</div>\n</body>\n</html>\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_0114p62tPzsq7C8QCbZteakb",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01HmzCUHHBGvJF25VA1Zv4p8",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/slide2.html",
       "file_text": "<!DOright-col\">\n    <h2>Key Benefits</h2>\n    <ul>\n      <li>Zero greenhouse gas emissions</li>\n      <li>Reduces electricity bills</li>\n      <li>Low maintenance costs</li>\n      <li>Scalable from homes to large farms</li>\n      <li>Technology costs declining rapidly</li>\n    </ul>\n  </div>\n</div>\n</body>\n</html>\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01HmzCUHHBGvJF25VA1Zv4p8",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01SKYyUuGjiukko1ScoaPXjC",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/slide3.html",
       "file_text": "<!DOCTYPE html>\n<html>\n<head>\n<style>\nhtml { background: #ffffff; }\nbody {\n  width: 720pt; height: 405pt; margin: 0; padding: 0;\n  backgin: 0 0 25pt 0;\n  line-height: 1.5;\n}\nul {\n  color: #2C2C2C;\n  font-size: 15pt;\n  line-height: 1.8;\n  margin: 0;\n  padding-left: 20pt;\n}\n.highlight {\n  background: #E07A      <li>Minimal land footprint</li>\n      <li>Offshore potential is enormous</li>\n    </ul>\n  </div>\n</div>\n</body>\n</html>\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01SKYyUuGjiukko1ScoaPXjC",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01DpSG6m7PmLBK91rfdnJZmf",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/slide4.html",
       "file_text": "<!DOCTYPE e create a healthier planet for generations to come.</p>\n  </div>\n  <div class=\"accent-line\"></div>\n  <p class=\"footer-text\">The Future is Renewable</p>\n</div>\n</body>\n</html>\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01DpSG6m7PmLBK91rfdnJZmf",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "text",
      "text": "Now let me create the JavaScript file to convert these HTML slides to PowerPoint:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01R8QVDsdupbwxGHwSH31k8c",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/create_presentation.js",
       "file_text": "const pptxgen = require('pptxgenjs');\ned successfully!');\n}\n\ncreatePresentation().catch(console.error);\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01R8QVDsdupbwxGHwSH31k8c",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "text",
      "text": "Now let's run the script to create the presentation:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01S5SVmuCHt4vjbgt8AWwdZg",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && node create_presentation.js"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01S5SVmuCHt4vjbgt8AWwdZg",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "",
       "stderr": "Error: /tmp/slide4.html: Text box \"The Future is Renewable\" ends too close to bottom edge (0.06\" from bottom, minimum 0.5\" required)\n    at html2pptx (/skills/pptx/scripts/html2pptx.js:989:13)\n    at async createPresentation (/tmp/create_presentation.js:20:5)\n",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "I need to fix the spacing issue on slide 4. Let me adjust the margins:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_019LmqPHLi2gTLpQYqwPC9tE",
      "name": "text_editor_code_execution",
      "input": {
       "command": "str_replace",
       "path": "/tmp/slide4.html",
       "old_str": ".container {\n  margin: 60pt;\n  text-align: center;\n}",
       "new_str": ".container {\n  margin: 50pt 60pt 60pt 60pt;\n  text-align: center;\n}"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_019LmqPHLi2gTLpQYqwPC9tE",
      "content": {
       "type": "text_editor_code_execution_str_replace_result",
       "old_start": 9,
       "old_lines": 7,
       "new_start": 9,
       "new_lines": 7,
       "lines": [
        "   display: flex; align-items: center; justify-content: center;",
        " }",
        " .container {",
        "-  margin: 60pt;",
        "+  margin: 50pt 60pt 60pt 60pt;",
        "   text-align: center;",
        " }",
        " h1 {"
       ]
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_0161GS82gFRYsaNcv3o3KxPf",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && node create_presentation.js"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_0161GS82gFRYsaNcv3o3KxPf",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "",
       "stderr": "Error: /tmp/slide4.html: Text box \"The Future is Renewable\" ends too close to bottom edge (0.13\" from bottom, minimum 0.5\" required)\n    at html2pptx (/skills/pptx/scripts/html2pptx.js:989:13)\n    at async createPresentation (/tmp/create_presentation.js:20:5)\n",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "I need more spacing. Let me adjust further:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_0183xLGyGvh952zbapjNZD7i",
      "name": "text_editor_code_execution",
      "input": {
       "command": "str_replace",
       "path": "/tmp/slide4.html",
       "old_str": ".footer-text {\n  color: #87A96B;\n  font-size: 20pt;\n  margin: 0;\n  font-weight: bold;\n}\n.accent-line {\n  width: 100pt;\n  height: 4pt;\n  background: #E07A5F;\n  margin: 20pt auto;\n}",
       "new_str": ".footer-text {\n  color: #87A96B;\n  font-size: 20pt;\n  margin: 0 0 30pt 0;\n  font-weight: bold;\n}\n.accent-line {\n  width: 100pt;\n  height: 4pt;\n  background: #E07A5F;\n  margin: 15pt auto;\n}"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_0183xLGyGvh952zbapjNZD7i",
      "content": {
       "type": "text_editor_code_execution_str_replace_result",
       "old_start": 36,
       "old_lines": 14,
       "new_start": 36,
       "new_lines": 14,
       "lines": [
        " .footer-text {",
        "   color: #87A96B;",
        "   font-size: 20pt;",
        "-  margin: 0;",
        "+  margin: 0 0 30pt 0;",
        "   font-weight: bold;",
        " }",
        " .accent-line {",
        "   width: 100pt;",
        "   height: 4pt;",
        "   background: #E07A5F;",
        "-  margin: 20pt auto;",
        "+  margin: 15pt auto;",
        " }",
        " </style>",
        " </head>"
       ]
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01Gra9rbVSy1AVBMRBWUdpLB",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && node create_presentation.js"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01Gra9rbVSy1AVBMRBWUdpLB",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "",
       "stderr": "Error: /tmp/slide4.html: Multiple validation errors found:\n  1. HTML content overflows body by 2.3pt vertically (Remember: leave 0.5\" margin at bottom of slide)\n  2. Text box \"The Future is Renewable\" ends too close to bottom edge (0.37\" from bottom, minimum 0.5\" required)\n    at html2pptx (/skills/pptx/scripts/html2pptx.js:989:13)\n    at async createPresentation (/tmp/create_presentation.js:20:5)\n",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "Let me reduce the overall content size to fit within the slide properly:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_0124fFTYi7kr5TekwB1uX2Te",
      "name": "text_editor_code_execution",
      "input": {
       "command": "str_replace",
       "path": "/tmp/slide4.html",
       "old_str": ".container {\n  margin: 50pt 60pt 60pt 60pt;\n  text-align: center;\n}\nh1 {\n  color: #ffffff;\n  font-size: 48pt;\n  margin: 0 0 30pt 0;\n  font-weight: bold;\n}\n.content-box {\n  background: #ffffff;\n  padding: 35pt 40pt;\n  border-radius: 8pt;\n  margin-bottom: 30pt;\n}\n.content-box p {\n  color: #2C2C2C;\n  font-size: 18pt;\n  margin: 0 0 20pt 0;\n  line-height: 1.6;\n}\n.content-box p:last-child {\n  margin: 0;\n}\n.footer-text {\n  cline {\n  width: 100pt;\n  height: 4pt;\n  background: #E07A5F;\n  margin: 15pt auto;\n}"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_0124fFTYi7kr5TekwB1uX2Te",
      "content": {
       "type": "text_editor_code_execution_str_replace_result",
       "old_start": 9,
       "old_lines": 34,
       "new_start": 9,
       "new_lines": 34,
       "lines": [
        "   display: flex; align-items: center; justify-content: center;",
        " }",
        " .container {",
        "-  margin: 50pt 60pt 60pt 60pt;",
        "+  margin: 45pt 60pt 50pt 60pt;",
        "   text-align: center;",
        " }",
        " h1 {",
        "   color: #ffffff;",
        "-  font-size: 48pt;",
        "-  margin: 0 0 30pt 0;",
        "+  font-size: 44pt;",
        "+  margin: 0 0 25pt 0;",
        "   font-weight: bold;",
        " }",
        " .content-box {",
        "   background: #ffffff;",
        "-  padding: 35pt 40pt;",
        "+  padding: 30pt 40pt;",
        "   border-radius: 8pt;",
        "-  margin-bottom: 30pt;",
        "+  margin-bottom: 25pt;",
        " }",
        " .content-box p {",
        "   color: #2C2C2C;",
        "-  font-size: 18pt;",
        "-  margin: 0 0 20pt 0;",
        "-  line-height: 1.6;",
        "+  font-size: 17pt;",
        "+  margin: 0 0 18pt 0;",
        "+  line-height: 1.5;",
        " }",
        " .content-box p:last-child {",
        "   margin: 0;",
        " }",
        " .footer-text {",
        "   color: #87A96B;",
        "-  font-size: 20pt;",
        "-  margin: 0 0 30pt 0;",
        "+  font-size: 19pt;",
        "+  margin: 0;",
        "   font-weight: bold;",
        " }",
        " .accent-line {"
       ]
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_019qRxtfSXCNeyhPeLAR67H3",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && node create_presentation.js"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_019qRxtfSXCNeyhPeLAR67H3",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "Presentation created successfully!\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "Great! The presentation was created successfully. Now let me create thumbnails to validate the visual layout:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01CwLPrEurEQ4ruCJua94vHC",
      "name": "bash_code_execution",
      "input": {
       "command": "cd /tmp && python /skills/pptx/scripts/thumbnail.py renewable_energy.pptx thumbnails --cols 4"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01CwLPrEurEQ4ruCJua94vHC",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "Processing: renewable_energy.pptx\nAnalyzing presentation...\nTotal slides: 4\nConverting to PDF...\nError: PDF conversion failed\n",
       "stderr": "",
       "return_code": 1,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "Let me try a different approach and copy the file to the output directory:"
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01AHZTbXCnWcLhc3My3nNYPT",
      "name": "bash_code_execution",
      "input": {
       "command": "cp /tmp/renewable_energy.pptx $OUTPUT_DIR/renewable_energy.pptx && ls -lh $OUTPUT_DIR/"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01AHZTbXCnWcLhc3My3nNYPT",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "total 80K\n-rw-r--r-- 1 root root 80K Oct 20 11:27 renewable_energy.pptx\n",
       "stderr": "",
       "return_code": 0,
       "content": [
        {
         "type": "bash_code_execution_output",
         "file_id": "file_011CUJNRcxM3JHxL8b5QGrNT"
        }
       ]
      }
     },
     {
      "type": "text",
      "text": "Perfect! I've successfully created your presentation about renewable energy sources. Here's what I've delivered:\n\n## Presentation Overview\n\n**Title:** Renewable Energy Sources\n**Format:** PowerPoint (.pptx)\n**Slides:** 4 slides as requested\n\n### Design Approach\nI chose a **Sage & Terracotta** color palette that reflects the natural, earth-friendly theme of renewable energy:\n- **Sage green (#87A96B)** - represents nature and sustainability\n- **Terracotta (#E07A5F)** - represents solar energy and warmth\n- **Cream (#F4F1DE)** - neutral background for readability\n- **Charcoal (#2C2C2C)** - professional text color\n\n### Slide Contents\n\n1. **Slide 1 - Title Slide**: \n   - Bold title \"Renewable Energy Sources\"\n   - Subtitle \"Powering a Sustainable Future\"\n   - Clean design with sage green background and accent bar\n\n2. **Slide 2 - Solar Power**:\n   - Description of solar energy technology\n   - Key benefits including zero emissions, cost savings, and scalability\n   - Two-column layout with highlighted callout box\n\n3. **Slide 3 - Wind Energy**:\n   - Explanation of wind turbine technology\n   - Benefits including clean energy, cost-competitiveness, and job creation\n   - Similar two-column layout maintaining design consistency\n\n4. **Slide 4 - Conclusion**:\n   - Summary of the importance of renewable energy\n   - Call to action about building a sustainable future\n   - Dark background with impactful message\n\nThe presentation has been exported and is ready for use!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_011fxGj786xCAh2kPk9GMxQw",
      "name": "bash_code_execution",
      "input": {
       "command": "for n in $(seq 1 12); do echo \"$n: $((n*n))\"; done"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_011fxGj786xCAh2kPk9GMxQw",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "1: 1\n2: 4\n3: 9\n4: 16\n5: 25\n6: 36\n7: 49\n8: 64\n9: 81\n10: 100\n11: 121\n12: 144\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_013eUksWZnfcjFk1iarJsYgM",
      "name": "bash_code_execution",
      "input": {
       "command": "sum=0; for n in $(seq 1 12); do sum=$((sum + n*n)); done; echo \"Sum: $sum\""
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_013eUksWZnfcjFk1iarJsYgM",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "Sum: 650\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "The sum of the squares of the numbers 1 through 12 is **650**."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll analyze the CSV data for you. Let me start by viewing the file to understand its structure."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01UAM7DM8XEfNwyddFNKpVp2",
      "name": "text_editor_code_execution",
      "input": {
       "command": "view",
       "path": "$INPUT_DIR/sample.csv"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01UAM7DM8XEfNwyddFNKpVp2",
      "content": {
       "type": "text_editor_code_execution_view_result",
       "file_type": "text",
       "content": "month,revenue,expenses,profit\nJanuary,12500,8200,4300\nFebruary,13800,8500,5300\nMarch,15200,9100,6100\nApril,14100,8800,5300\nMay,16300,9500,6800\nJune,17800,10200,7600",
       "num_lines": 7,
       "start_line": 1,
       "total_lines": 7
      }
     },
     {
      "type": "text",
      "text": "Great! I can see the CSV contains monthly financial data with revenue, expenses, and profit columns. Now let me calculate the total profit and average monthly revenue."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01RMqx4stdb7YEAcZNm4wemG",
      "name": "text_editor_code_execution",
      "input": {
       "command": "create",
       "path": "/tmp/analyze_data.py",
       "file_text": "import csv\nimport os\n\n# Read the CSV file\ncsv_file = os.path.join(os.environ['INPUT_DIR'], 'sample.csv')\n\nwith open(csv_file, 'r') as file:\n    reader = csv.DictReader(file)\n    data = list(reader)\n\n# Calculate total profit\ntotal_profit = sum(float(row['profit']) for row in data)\n\n# Calculate average monthly revenue\ntotal_revenue = sum(float(row['revenue']) for row in data)\nnum_months = len(data)\naverage_monthly_revenue = total_revenue / num_months\n\n# Display results\nprint(\"=\" * 50)\nprint(\"FINANCIAL ANALYSIS REPORT\")\nprint(\"=\" * 50)\nprint(f\"\\nData Period: {data[0]['month']} to {data[-1]['month']}\")\nprint(f\"Number of Months: {num_months}\")\nprint(\"\\n\" + \"-\" * 50)\nprint(\"RESULTS:\")\nprint(\"-\" * 50)\nprint(f\"Total Profit: ${total_profit:,.2f}\")\nprint(f\"Average Monthly Revenue: ${average_monthly_revenue:,.2f}\")\nprint(\"\\n\" + \"-\" * 50)\nprint(\"BREAKDOWN BY MONTH:\")\nprint(\"-\" * 50)\n\n# Show detailed breakdown\nfor row in data:\n    print(f\"{row['month']:10s} | Revenue: ${float(row['revenue']):>10,.2f} | \"\n          f\"Expenses: ${float(row['expenses']):>10,.2f} | \"\n          f\"Profit: ${float(row['profit']):>10,.2f}\")\n\nprint(\"\\n\" + \"=\" * 50)\nprint(\"SUMMARY STATISTICS:\")\nprint(\"=\" * 50)\ntotal_expenses = sum(float(row['expenses']) for row in data)\naverage_monthly_expenses = total_expenses / num_months\nprofit_margin = (total_profit / total_revenue) * 100\n\nprint(f\"Total Revenue: ${total_revenue:,.2f}\")\nprint(f\"Total Expenses: ${total_expenses:,.2f}\")\nprint(f\"Total Profit: ${total_profit:,.2f}\")\nprint(f\"Average Monthly Expenses: ${average_monthly_expenses:,.2f}\")\nprint(f\"Overall Profit Margin: {profit_margin:.2f}%\")\nprint(\"=\" * 50)\n"
      }
     },
     {
      "type": "text_editor_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01RMqx4stdb7YEAcZNm4wemG",
      "content": {
       "type": "text_editor_code_execution_create_result",
       "is_file_update": false
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01P2RuXQdkVngtqpdr2dQhv2",
      "name": "bash_code_execution",
      "input": {
       "command": "python /tmp/analyze_data.py"
      }
     },
     {
      "type": "bash_code_execution_tool_result",
      "tool_use_id": "srvtoolu_01P2RuXQdkVngtqpdr2dQhv2",
      "content": {
       "type": "bash_code_execution_result",
       "stdout": "==================================================\nFINANCIAL ANALYSIS REPORT\n==================================================\n\nData Period: January to June\nNumber of Months: 6\n\n--------------------------------------------------\nRESULTS:\n--------------------------------------------------\nTotal Profit: $35,400.00\nAverage Monthly Revenue: $14,950.00\n\n--------------------------------------------------\nBREAKDOWN BY MONTH:\n--------------------------------------------------\nJanuary    | Revenue: $ 12,500.00 | Expenses: $  8,200.00 | Profit: $  4,300.00\nFebruary   | Revenue: $ 13,800.00 | Expenses: $  8,500.00 | Profit: $  5,300.00\nMarch      | Revenue: $ 15,200.00 | Expenses: $  9,100.00 | Profit: $  6,100.00\nApril      | Revenue: $ 14,100.00 | Expenses: $  8,800.00 | Profit: $  5,300.00\nMay        | Revenue: $ 16,300.00 | Expenses: $  9,500.00 | Profit: $  6,800.00\nJune       | Revenue: $ 17,800.00 | Expenses: $ 10,200.00 | Profit: $  7,600.00\n\n==================================================\nSUMMARY STATISTICS:\n==================================================\nTotal Revenue: $89,700.00\nTotal Expenses: $54,300.00\nTotal Profit: $35,400.00\nAverage Monthly Expenses: $9,050.00\nOverall Profit Margin: 39.46%\n==================================================\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "## Analysis Results\n\nBased on the CSV data analysis, here are the key findings:\n\n### **Main Results:**\n- **Total Profit: $35,400.00**\n- **Average Monthly Revenue: $14,950.00**\n\n### **Additional Insights:**\n\n📊 **Period Covered:** January to June (6 months)\n\n💰 **Financial Summary:**\n- Total Revenue: $89,700.00\n- Total Expenses: $54,300.00\n- Average Monthly Expenses: $9,050.00\n- Overall Profit Margin: **39.46%**\n\n📈 **Trends Observed:**\n- Revenue shows a general upward trend from $12,500 (January) to $17,800 (June)\n- Profit increased from $4,300 (January) to $7,600 (June)\n- The business maintains a healthy profit margin of approximately 39-40%\n\nThe data shows positive business performance with growing revenue and profit throughout the 6-month period!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "thinking",
      "thinking": "I need to calculate 25 * 37 step by step.\n\nLet me break this down using the distribution method:\n\n25 * 37 = 25 * (30 + 7)\n       = (25 * 30) + (25 * 7)\n\nFirst, let me calculate 25 * 30:\n25 * 30 = 25 * 3 * 10\n       = 75 * 10\n       = 750\n\nNext, let me calculate 25 * 7:\n25 * 7 = (20 + 5) * 7\n       = (20 * 7) + (5 * 7)\n       = 140 + 35\n       = 175\n\nNow I add them together:\n750 + 175 = 925\n\nLet me verify this another way:\n25 * 37 = 25 * 37\n\nUsing the standard algorithm:\n    37\n  × 25\n  ----\n   185  (37 × 5)\n  740   (37 × 20)\n  ----\n  925\n\nYes, 25 * 37 = 925",
      "signature": "EtQFCkYICxgCKkC6mX3q5F227lNUFReMQGWY0Vfr33jLdTeIs1jqrtSjwH4/huGliPEyYr9Kd15UJIm2Q3ipEDQ6NhUekxB7abI7EgwKlrwtZBC++WweHhgaDOgbW3U6fApUIw4+giIwm+fYdm9TieL8tP1Y4GBm+m9zBx9+qQ9Xckf88ffwm++E8YNOcLA0sTuPgjncKYvaKrsEo07f77Oxcr+CpnvDNskXfJgIQ6DCb1GM8nk5XPVJIA7Jq0HpEDnJesayPHQyRk7vrld8uEaRypFSYQBN71l5+BvXe5DZHH7Y6Ckoz1JDXpWIl2HBkNbTFDXn/tY93SKmHWWnCJ9j7RIgih/1NurD2v4wUAhrfbOeCY36LVhf3fgjqzUR3fS6hyDrlp5huG8AgC+bIwdFin0BCXcSnYec66p+9a6LjfzkAjKXU19fvNQ/wCSsrKCyGRriZy9J98kjvRtaSPEB07ac7DSxkMxRry7xLCn4nn0oiJvtxa9UFQ/lt+e3O6CWG42Ig9he3TWIkN3fDzrk49outY+MXYMf4xEzcVGEcVLpwZPyu+aXAw2b6rpYokwQi5N5Mk1Vln5rXqd3KP/5ahpGSMARCOG31YuX6kXkBbUyPZiF2FK7ON9cGcul9nquLTxreRmCg+RjW/62BnUwZuJk8ZVJgw0O8wshb7aBS2cWPYnRnm102FczkdqRmNuGJwfBOTSO3X9o6IagtLHllfu/O7wIjMO7YZQvAIdPoN6I3wkbvMBXEYk+13pBMLqZkGwNm8Nxicb89jFsZ6nsQwPfXOcdu/Wen+KYx6eW62t3njuhhVP6IHecHVfmpwVhj/fhVN0l0O96jvnNJTFskmwyF4U1Gz0Yjfa8blVFdtSXMeASEN9czLyEJT3AL4Ohlr5l+DNfKuAKxydbiy7BaP496x+QYAJNY/344mwcBxaHJz2t8J3rvpBVlXj4yujmnFM+nBgB"
     },
     {
      "type": "text",
      "text": "# 25 × 37\n\nLet me break this down step by step:\n\n## Method: Break 37 into 30 + 7\n\n**25 × 37 = 25 × (30 + 7)**\n\n### Step 1: Calculate 25 × 30\n- 25 × 30 = 25 × 3 × 10\n- 25 × 3 = 75\n- 75 × 10 = **750**\n\n### Step 2: Calculate 25 × 7\n- 25 × 7 = 175\n  - (25 × 7 = 20×7 + 5×7 = 140 + 35 = 175)\n\n### Step 3: Add the results\n750 + 175 = **925**\n\n**Answer: 25 × 37 = 925**"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "compaction",
      "content": "## Summary of Conversation\n\n### Task Context\nThe user shared a very long reference document about web development and software engineering (duplicated 5 times for \"redundancy\"). They asked a series of questions about different topics covered in the documentation.\n\n### Conversation Flow\n1. **React vs Vue.js State Management**: I explained React's hooks (useState, useReducer, useContext) and Redux vs Vue's Composition API (ref, computed, watch) and Pinia (defineStore with state, getters, actions).\n\n2. **Docker and Kubernetes**: I explained Docker's containerization (Dockerfile, Docker Compose) and Kubernetes orchestration (Deployments, Services, Ingress), plus how they work together in a development-to-production workflow.\n\n3. **Testing Strategies**: I covered the differences between Unit Testing (Jest - isolated functions, fast), Integration Testing (supertest - API endpoints, service communication), and E2E Testing (Playwright - real user flows in browsers), plus the testing pyramid concept.\n\n4. **SQL vs NoSQL Databases**: I explained SQL databases (DDL, DML, JOINs, window functions, CTEs, indexing) vs NoSQL options (MongoDB for documents, Redis for key-value/caching, Neo4j for graphs), and when to use each.\n\n5. **Current Question**: The user asked me to summarize key algorithms and data structures from the documentation. This is the pending question I need to answer.\n\n### Pending Response Needed\nI need to provide a comprehensive summary of algorithms and data structures from the documentation, covering:\n- **Data Structures**: Arrays, Linked Lists, Stacks, Queues, Priority Queues, Binary Search Trees, Hash Tables, Graphs\n- **Sorting Algorithms**: Quick Sort, Merge Sort, Heap Sort\n- **Searching Algorithms**: Binary Search (and variants)\n- **Dynamic Programming**: Fibonacci, LCS, Knapsack, Coin Change, Edit Distance\n- **Big O Notation**: Common complexities from O(1) to O(n!)\n\n### Key Pattern\nThe user asks broad questions about sections of the documentation and expects organized, structured answers that summarize the key concepts. They've been asking follow-up questions sequentially through the major sections. This was their \"final\" question in the series."
     },
     {
      "type": "text",
      "text": "Based on the conversation history, you asked me to summarize the key algorithms and data structures from the documentation. Here's a comprehensive summary:\n\n---\n\n# Algorithms & Data Structures Summary\n\n## 📦 Core Data Structures\n\n### Arrays\n- **Fixed-size** (or dynamically resized) contiguous memory blocks\n- **Access**: O(1) by index\n- **Search**: O(n) linear, O(log n) if sorted (binary search)\n- **Insertion/Deletion**: O(n) due to shifting elements\n- Great for random access; less ideal for frequent insertions/removals\n\n### Linked Lists\n- **Singly Linked**: Each node points to the next\n- **Doubly Linked**: Each node points to both next and previous\n- **Insertion/Deletion** at head: O(1)\n- **Search/Access**: O(n) — no random access\n- Useful when you need frequent insertions/deletions and don't need indexing\n\n### Stacks (LIFO)\n- **Push/Pop/Peek**: O(1)\n- Use cases: function call stacks, undo operations, expression evaluation, DFS\n- Can be implemented with arrays or linked lists\n\n### Queues (FIFO)\n- **Enqueue/Dequeue/Peek**: O(1)\n- Use cases: BFS, task scheduling, buffering\n- Variants: **Circular Queue**, **Deque** (double-ended)\n\n### Priority Queues / Heaps\n- Typically implemented as a **binary heap** (min-heap or max-heap)\n- **Insert**: O(log n)\n- **Extract min/max**: O(log n)\n- **Peek**: O(1)\n- Use cases: Dijkstra's algorithm, task scheduling by priority, median finding\n\n### Binary Search Trees (BST)\n- Each node: left child < parent < right child\n- **Average** search/insert/delete: O(log n)\n- **Worst case** (degenerate/skewed): O(n)\n- **Balanced variants**: AVL trees, Red-Black trees → guarantee O(log n)\n- **In-order traversal** yields sorted output\n\n### Hash Tables\n- **Key → hash function → bucket index**\n- **Average** insert/search/delete: O(1)\n- **Worst case** (many collisions): O(n)\n- Collision resolution: **chaining** (linked lists in buckets) or **open addressing** (probing)\n- Use cases: dictionaries, caches, frequency counting, deduplication\n\n### Graphs\n- **Representations**: Adjacency List (space-efficient for sparse) vs. Adjacency Matrix (fast edge lookup)\n- **Types**: Directed/Undirected, Weighted/Unweighted, Cyclic/Acyclic\n- **Key algorithms**:\n  - **BFS** (Breadth-First Search): O(V + E), uses queue — shortest path in unweighted graphs\n  - **DFS** (Depth-First Search): O(V + E), uses stack/recursion — cycle detection, topological sort\n  - **Dijkstra's**: Shortest path in weighted graphs (non-negative weights), O((V + E) log V) with min-heap\n  - **Bellman-Ford**: Handles negative weights, O(V × E)\n  - **Topological Sort**: Linear ordering of DAG vertices\n\n---\n\n## 🔄 Sorting Algorithms\n\n### Quick Sort\n```\nfunction quickSort(arr):\n    if arr.length <= 1: return arr\n    pick pivot (e.g., last element)\n    partition into [less], [equal], [greater]\n    return [...quickSort(less), ...equal, ...quickSort(greater)]\n```\n- **Average**: O(n log n)\n- **Worst** (bad pivot selection): O(n²)\n- **Space**: O(log n) for recursion stack (in-place variant)\n- **Not stable** (by default)\n- In practice, often the fastest general-purpose sort\n\n### Merge Sort\n```\nfunction mergeSort(arr):\n    if arr.length <= 1: return arr\n    split into left half, right half\n    return merge(mergeSort(left), mergeSort(right))\n```\n- **Always**: O(n log n) — guaranteed\n- **Space**: O(n) for the merge step\n- **Stable** sort (preserves relative order of equal elements)\n- Preferred when stability matters or for linked lists\n\n### Heap Sort\n```\nfunction heapSort(arr):\n    buildMaxHeap(arr)\n    for i from end to start:\n        swap arr[0] with arr[i]\n        heapifyDown(arr, 0, i)\n```\n- **Always**: O(n log n)\n- **Space**: O(1) — in-place\n- **Not stable**\n- Useful when guaranteed O(n log n) is needed with O(1) extra space\n\n### Comparison Table\n\n| Algorithm | Best | Average | Worst | Space | Stable? |\n|-----------|------|---------|-------|-------|---------|\n| Quick Sort | O(n log n) | O(n log n) | O(n²) | O(log n) | No |\n| Merge Sort | O(n log n) | O(n log n) | O(n log n) | O(n) | Yes |\n| Heap Sort | O(n log n) | O(n log n) | O(n log n) | O(1) | No |\n\n---\n\n## 🔍 Searching Algorithms\n\n### Binary Search\n```python\ndef binary_search(arr, target):\n    low, high = 0, len(arr) - 1\n    while low <= high:\n        mid = (low + high) // 2\n        if arr[mid] == target:\n            return mid\n        elif arr[mid] < target:\n            low = mid + 1\n        else:\n            high = mid - 1\n    return -1\n```\n- **Prerequisite**: Array must be **sorted**\n- **Time**: O(log n)\n- **Space**: O(1) iterative, O(log n) recursive\n\n### Common Variants\n- **Lower Bound**: Find first occurrence of target (or first element ≥ target)\n- **Upper Bound**: Find last occurrence (or first element > target)\n- **Search in Rotated Sorted Array**: Modified binary search checking which half is sorted\n- **Binary Search on Answer**: Search over the solution space (e.g., \"minimum capacity to ship packages in D days\")\n\n---\n\n## 🧠 Dynamic Programming (DP)\n\nThe core idea: **break problems into overlapping subproblems**, store results to avoid recomputation.\n\nTwo approaches:\n- **Top-Down (Memoization)**: Recursive + cache\n- **Bottom-Up (Tabulation)**: Iterative, build table from base cases\n\n### Classic Problems\n\n#### 1. Fibonacci\n```python\n# Bottom-up O(n) time, O(1) space\ndef fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n```\n\n#### 2. Longest Common Subsequence (LCS)\n```\ndp[i][j] = length of LCS of str1[0..i-1] and str2[0..j-1]\n\nif str1[i-1] == str2[j-1]:\n    dp[i][j] = dp[i-1][j-1] + 1\nelse:\n    dp[i][j] = max(dp[i-1][j], dp[i][j-1])\n```\n- **Time**: O(m × n), **Space**: O(m × n), optimizable to O(min(m, n))\n\n#### 3. 0/1 Knapsack\n```\ndp[i][w] = max value using items 1..i with capacity w\n\ndp[i][w] = max(\n    dp[i-1][w],              // skip item i\n    dp[i-1][w - weight[i]] + value[i]  // take item i\n)\n```\n- **Time**: O(n × W), **Space**: O(n × W), optimizable to O(W)\n\n#### 4. Coin Change (minimum coins)\n```\ndp[amount] = min coins needed to make 'amount'\ndp[0] = 0\n\nfor each coin in coins:\n    for a from coin to target:\n        dp[a] = min(dp[a], dp[a - coin] + 1)\n```\n- **Time**: O(amount × |coins|)\n\n#### 5. Edit Distance (Levenshtein)\n```\ndp[i][j] = min edits to transform str1[0..i-1] → str2[0..j-1]\n\nif str1[i-1] == str2[j-1]:\n    dp[i][j] = dp[i-1][j-1]\nelse:\n    dp[i][j] = 1 + min(\n        dp[i-1][j],      // delete\n        dp[i][j-1],      // insert\n        dp[i-1][j-1]     // replace\n    )\n```\n- **Time**: O(m × n)\n\n---\n\n## 📊 Big O Complexity Reference\n\nFrom fastest to slowest:\n\n| Notation | Name | Example |\n|----------|------|---------|\n| O(1) | Constant | Hash table lookup, array access by index |\n| O(log n) | Logarithmic | Binary search, balanced BST operations |\n| O(n) | Linear | Linear search, single array traversal |\n| O(n log n) | Linearithmic | Merge sort, heap sort, efficient sorting |\n| O(n²) | Quadratic | Bubble sort, nested loops, brute-force pairs |\n| O(n³) | Cubic | Floyd-Warshall, naive matrix multiplication |\n| O(2ⁿ) | Exponential | Recursive Fibonacci (naive), power set generation |\n| O(n!) | Factorial | Generating all permutations, brute-force TSP |\n\n### Key Rules for Analysis\n1. **Drop constants**: O(2n) → O(n)\n2. **Drop lower-order terms**: O(n² + n) → O(n²)\n3. **Different inputs = different variables**: O(n × m), not O(n²)\n4. **Amortized analysis**: Some operations are expensive rarely (e.g., dynamic array resizing is O(1) amortized)\n\n### Space Complexity Matters Too\n- Recursive algorithms: count the **call stack depth**\n- In-place algorithms (like heap sort) use O(1) extra space\n- Memoization/tabulation trade space for time\n\n---\n\n## 🎯 Key Takeaways\n\n1. **Choose data structures based on your access patterns**: Random access → array/hash table; Ordered data → BST; FIFO → queue; LIFO → stack\n\n2. **Sorting**: Quick sort is fastest in practice; Merge sort when stability matters; Heap sort for guaranteed O(n log n) with O(1) space\n\n3. **Binary search** applies far beyond sorted arrays — any monotonic condition over a search space\n\n4. **Dynamic programming** = recursion + memoization (or bottom-up tabulation). Look for **optimal substructure** and **overlapping subproblems**\n\n5. **Always consider the tradeoff**: Time vs. Space, Simplicity vs. Performance, Average case vs. Worst case\n\nThis covers the core algorithms and data structures section from the documentation. Would you like me to dive deeper into any specific algorithm, walk through a particular problem, or cover another section?"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "fallback",
      "from": {
       "model": "claude-fable-5"
      },
      "to": {
       "model": "claude-opus-4-8"
      }
     },
     {
      "type": "text",
      "text": "The printing press was invented by Johannes Gutenberg around 1440."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_019Zvehfe1XQWweT1pm7okyt",
      "name": "weather",
      "input": {
       "location": "San Francisco"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_019Zvehfe1XQWweT1pm7okyt",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "{\"characters\":[{\"name\":\"Theron Ironheart\",\"class\":\"warrior\",\"description\":\"A battle-scarred veteran with steel-gray hair and a prominent scar across his left eye. Wielding a massive two-handed sword passed down through his family for generations, Theron fights with disciplined precision honed through decades of combat. Despite his gruff exterior, he harbors a deep sense of honor and protects the weak without hesitation.\"},{\"name\":\"Lyra Starweaver\",\"class\":\"mage\",\"description\":\"A young prodigy in the arcane arts with flowing silver robes adorned with celestial patterns. Her eyes glow faintly blue when channeling powerful spells. Lyra specializes in elemental magic and astral divination, having studied at the Grand Academy since childhood. She is curious and idealistic, often getting into trouble while pursuing forbidden knowledge.\"},{\"name\":\"Rook Shadowstep\",\"class\":\"thief\",\"description\":\"A nimble and cunning rogue who moves through shadows like a whisper in the night. With jet-black hair, leather armor, and an array of lockpicks and daggers hidden on his person, Rook makes his living liberating treasures from those he deems unworthy of them. Behind his cocky smile lies a troubled past and a strict personal code about who deserves to be robbed.\"}]}"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "name": "json",
      "input": {
       "elements": [
        {
         "location": "San Francisco",
         "temperature": 58,
         "condition": "sunny"
        }
       ]
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll invoke the JSON response tool."
     },
     {
      "type": "tool_use",
      "id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "name": "json",
      "input": {
       "elements": [
        {
         "location": "San Francisco",
         "temperature": 58,
         "condition": "sunny"
        }
       ]
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "mcp_tool_use",
      "id": "mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT",
      "name": "echo",
      "input": {
       "message": "hello world"
      },
      "server_name": "echo"
     },
     {
      "is_error": false,
      "type": "mcp_tool_result",
      "tool_use_id": "mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT",
      "content": [
       {
        "type": "text",
        "text": "Tool echo: hello world"
       }
      ]
     },
     {
      "type": "text",
      "text": "The echo tool responded back with: **hello world**\n\nIt simply echoed back the exact message that was sent to it."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "pong"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll help you simulate this game between two players where one is using a loaded die. Let me play out the game round by round until one player wins 3 rounds."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK",
      "name": "code_execution",
      "input": {
       "code": "\nimport asyncio\n\nasync def main():\n    player1_wins = 0\n    player2_wins = 0\n    round_num = 0\n    \n    print(\"=== DICE GAME: First to 3 Wins ===\\n\")\n    \n    # Play until one player wins 3 rounds\n    while player1_wins < 3 and player2_wins < 3:\n        round_num += 1\n        print(f\"--- Round {round_num} ---\")\n        \n        # Both players roll their dice\n        player1_roll = await rollDie({\"player\": \"player1\"})\n        player2_roll = await rollDie({\"player\": \"player2\"})\n        \n        # Extract the numeric values from the results\n        p1_value = int(player1_roll.strip())\n        p2_value = int(player2_roll.strip())\n        \n        print(f\"Player 1 rolls: {p1_value}\")\n        print(f\"Player 2 rolls: {p2_value}\")\n        \n        # Determine round winner\n        if p1_value > p2_value:\n            player1_wins += 1\n            print(f\"Player 1 wins this round!\")\n        elif p2_value > p1_value:\n            player2_wins += 1\n            print(f\"Player 2 wins this round!\")\n        else:\n            print(f\"Draw! No one gets a point.\")\n        \n        print(f\"Score: Player 1 = {player1_wins}, Player 2 = {player2_wins}\\n\")\n    \n    # Announce the game winner\n    print(\"=\" * 40)\n    if player1_wins == 3:\n        print(f\"🏆 GAME OVER: Player 1 wins the game! (3-{player2_wins})\")\n    else:\n        print(f\"🏆 GAME OVER: Player 2 wins the game! (3-{player1_wins})\")\n    print(\"=\" * 40)\n    \n    # Determine who was cheating based on the results\n    print(\"\\n📊 Analysis:\")\n    print(f\"Total rounds played: {round_num}\")\n    if player1_wins > player2_wins:\n        print(\"Player 1 had better results - likely using the loaded die! 🎲\")\n    elif player2_wins > player1_wins:\n        print(\"Player 2 had better results - likely using the loaded die! 🎲\")\n    else:\n        print(\"Results were even - hard to determine who was cheating from this game alone.\")\n\nasyncio.run(main())\n"
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "code_execution_tool_result",
      "tool_use_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK",
      "content": {
       "type": "code_execution_result",
       "stdout": "=== DICE GAME: First to 3 Wins ===\n\n--- Round 1 ---\nPlayer 1 rolls: 5\nPlayer 2 rolls: 6\nPlayer 2 wins this round!\nScore: Player 1 = 0, Player 2 = 1\n\n--- Round 2 ---\nPlayer 1 rolls: 4\nPlayer 2 rolls: 6\nPlayer 2 wins this round!\nScore: Player 1 = 0, Player 2 = 2\n\n--- Round 3 ---\nPlayer 1 rolls: 5\nPlayer 2 rolls: 2\nPlayer 1 wins this round!\nScore: Player 1 = 1, Player 2 = 2\n\n--- Round 4 ---\nPlayer 1 rolls: 6\nPlayer 2 rolls: 6\nDraw! No one gets a point.\nScore: Player 1 = 1, Player 2 = 2\n\n--- Round 5 ---\nPlayer 1 rolls: 3\nPlayer 2 rolls: 2\nPlayer 1 wins this round!\nScore: Player 1 = 2, Player 2 = 2\n\n--- Round 6 ---\nPlayer 1 rolls: 6\nPlayer 2 rolls: 6\nDraw! No one gets a point.\nScore: Player 1 = 2, Player 2 = 2\n\n--- Round 7 ---\nPlayer 1 rolls: 2\nPlayer 2 rolls: 3\nPlayer 2 wins this round!\nScore: Player 1 = 2, Player 2 = 3\n\n========================================\n🏆 GAME OVER: Player 2 wins the game! (3-2)\n========================================\n\n📊 Analysis:\nTotal rounds played: 7\nPlayer 2 had better results - likely using the loaded die! 🎲\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "tool_use",
      "id": "toolu_019jKkXz4jAdwHweHBw92CVY",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_019jKkXz4jAdwHweHBw92CVY",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_015dGLMbwBKv1ZRQr6KdJzeH",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_015dGLMbwBKv1ZRQr6KdJzeH",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01YYqBNq5mk1wMtv3PAqY44m",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01YYqBNq5mk1wMtv3PAqY44m",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_018WxjDkQG8h7i63poySGT2x",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_018WxjDkQG8h7i63poySGT2x",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_014ch4D3vbx928ddwxMvMvF1",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_014ch4D3vbx928ddwxMvMvF1",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01QtZ46GWS93Z5ZaSifgGNnq",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01QtZ46GWS93Z5ZaSifgGNnq",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_012Zvp8FdgvjVGkmbHSU4EZk",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_012Zvp8FdgvjVGkmbHSU4EZk",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01CMz8Jhv6EfnzHQzEMdpHut",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01CMz8Jhv6EfnzHQzEMdpHut",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01PfH6ADzq8Yct5jeRY9QkS2",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01PfH6ADzq8Yct5jeRY9QkS2",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_013DE3qaKvBMheZXUhwkvpdF",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_013DE3qaKvBMheZXUhwkvpdF",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01MTRMy9BEvFHWR7hpCWc4nJ",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01MTRMy9BEvFHWR7hpCWc4nJ",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01CXqv27ozPihE5nj6eA3Joc",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01CXqv27ozPihE5nj6eA3Joc",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01K6ST6orjmPHHwM8rwLj1n9",
      "name": "rollDie",
      "input": {
       "player": "player1"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01K6ST6orjmPHHwM8rwLj1n9",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "tool_use",
      "id": "toolu_01QcWWQcQ1pd7nx9xohX4zAr",
      "name": "rollDie",
      "input": {
       "player": "player2"
      },
      "caller": {
       "type": "code_execution_20250825",
       "tool_id": "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01QcWWQcQ1pd7nx9xohX4zAr",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "## Game Results\n\n**Player 2 wins the game 3-2!** 🏆\n\nThe game lasted 7 rounds with the following breakdown:\n- **Player 1**: 2 round wins\n- **Player 2**: 3 round wins  \n- **Draws**: 2 rounds (both rolling 6)\n\nBased on the results, **Player 2 appears to be the one using the loaded die**, as they managed to win the game and had slightly better overall results. Player 2 rolled high numbers consistently, including multiple 6s, which helped them secure the victory.\n\nThe game was actually quite competitive despite the cheating, with Player 1 managing to win 2 rounds and the score being tied 2-2 before Player 2 won the decisive 7th round with a roll of 3 against Player 1's 2."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll update the issue list for you."
     },
     {
      "type": "tool_use",
      "id": "toolu_01QE1WLsSVp5hy5Q3GmGTmjP",
      "name": "updateIssueList",
      "input": {}
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01QE1WLsSVp5hy5Q3GmGTmjP",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll search for a weather-related tool to help you get the weather information for San Francisco."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01Gj33J3YUAAxF9TWRAThxtu",
      "name": "tool_search_tool_bm25",
      "input": {
       "query": "weather forecast current conditions"
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "tool_search_tool_result",
      "tool_use_id": "srvtoolu_01Gj33J3YUAAxF9TWRAThxtu",
      "content": {
       "type": "tool_search_tool_search_result",
       "tool_references": [
        {
         "type": "tool_reference",
         "tool_name": "get_weather"
        }
       ]
      }
     },
     {
      "type": "text",
      "text": "Great! I found a weather tool. Let me get the current weather for San Francisco."
     },
     {
      "type": "tool_use",
      "id": "toolu_019nRrfqqXcU5NPTUSYfEMAY",
      "name": "get_weather",
      "input": {
       "location": "San Francisco, CA"
      },
      "caller": {
       "type": "direct"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_019nRrfqqXcU5NPTUSYfEMAY",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "The current weather in San Francisco, CA is:\n- **Temperature:** 64°F\n- **Condition:** Partly cloudy\n- **Humidity:** 65%"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll help you with this task. Let me start by reading the note tree to see the current structure, and then search for the right tools to add a bullet point."
     },
     {
      "type": "tool_use",
      "id": "toolu_01U8pzAHj2vNdPCA2Kf8JjeN",
      "name": "readNoteTree",
      "input": {
       "noteId": "d10aa585-982b-4bd9-984e-420f9b3717f7"
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01FjZe9o4YXXJjGxLmfj44Rf",
      "name": "tool_search_tool_bm25",
      "input": {
       "query": "add bullet point insert text editor",
       "limit": 5
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "tool_search_tool_result",
      "tool_use_id": "srvtoolu_01FjZe9o4YXXJjGxLmfj44Rf",
      "content": {
       "type": "tool_search_tool_search_result",
       "tool_references": [
        {
         "type": "tool_reference",
         "tool_name": "executeEditorOperation"
        }
       ]
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01U8pzAHj2vNdPCA2Kf8JjeN",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Perfect! I can see the current note structure has one bulleted list item with the text \"hi\". Now I need to add a new bullet with \"bye\" after it. Let me use the `executeEditorOperation` tool to insert a new bulleted list item."
     },
     {
      "type": "tool_use",
      "id": "toolu_01QoRrvXNv6w4vZSyo9cnxP2",
      "name": "executeEditorOperation",
      "input": {
       "noteId": "d10aa585-982b-4bd9-984e-420f9b3717f7",
       "operations": [
        {
         "op": "insert_node",
         "type": "bulletedListItem",
         "text": "bye",
         "at": {
          "type": "path",
          "path": [
           1
          ]
         }
        }
       ]
      },
      "caller": {
       "type": "direct"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01QoRrvXNv6w4vZSyo9cnxP2",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Great! I've successfully completed the task. Here's what I did:\n\n1. **Read the note tree**: The note had one bulleted list item containing \"hi\"\n2. **Added a new bullet**: I inserted a new bulleted list item with the text \"bye\" at position [1], which places it right after the \"hi\" bullet\n\nThe note now contains:\n- hi\n- bye\n\nThe operation was successful!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll help you with this task. Let me start by reading the note tree to see the current structure, and then search for the appropriate tools to add a bullet."
     },
     {
      "type": "tool_use",
      "id": "toolu_01WPkY6CkyJnFsaCqY7SZ9FX",
      "name": "readNoteTree",
      "input": {
       "noteId": "d10aa585-982b-4bd9-984e-420f9b3717f7"
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01H4HgrFsi9xizPtvnx1Tm7D",
      "name": "tool_search_tool_regex",
      "input": {
       "pattern": "add|insert|bullet|create",
       "limit": 10
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "tool_search_tool_result",
      "tool_use_id": "srvtoolu_01H4HgrFsi9xizPtvnx1Tm7D",
      "content": {
       "type": "tool_search_tool_search_result",
       "tool_references": [
        {
         "type": "tool_reference",
         "tool_name": "readNoteTree"
        },
        {
         "type": "tool_reference",
         "tool_name": "executeEditorOperation"
        }
       ]
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01WPkY6CkyJnFsaCqY7SZ9FX",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Perfect! I can see the current note structure has one bulleted list item with the text \"hi\". Now I need to add \"bye\" as a new bullet after it. Let me use the `executeEditorOperation` tool to insert a new bulleted list item."
     },
     {
      "type": "tool_use",
      "id": "toolu_01UFHf8D27JBYu9FmrcjJk1p",
      "name": "executeEditorOperation",
      "input": {
       "noteId": "d10aa585-982b-4bd9-984e-420f9b3717f7",
       "operations": [
        {
         "op": "insert",
         "type": "bulletedListItem",
         "text": "bye",
         "at": {
          "type": "after",
          "path": [
           0
          ]
         }
        }
       ]
      },
      "caller": {
       "type": "direct"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01UFHf8D27JBYu9FmrcjJk1p",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Great! I've successfully completed the task. Here's what I did:\n\n1. **Read the note tree**: The note contained one bulleted list item with the text \"hi\" at path [0]\n2. **Added \"bye\" as a new bullet**: I used the `executeEditorOperation` tool to insert a new bulleted list item with the text \"bye\" after the \"hi\" bullet (at path [0])\n\nThe operation was successful, and the note now contains two bulleted list items:\n- hi\n- bye"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01TFsKhwiJYqVMitK2XGtH87",
      "name": "tool_search_tool_regex",
      "input": {
       "pattern": "weather|SF|San Francisco|forecast|temperature|climate",
       "limit": 10
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "tool_search_tool_result",
      "tool_use_id": "srvtoolu_01TFsKhwiJYqVMitK2XGtH87",
      "content": {
       "type": "tool_search_tool_search_result",
       "tool_references": [
        {
         "type": "tool_reference",
         "tool_name": "get_temp_data"
        }
       ]
      }
     },
     {
      "type": "text",
      "text": "Great! I found a weather tool. Let me get the current weather data for San Francisco."
     },
     {
      "type": "tool_use",
      "id": "toolu_01UmPwkecewaEpMupy2ywk8b",
      "name": "get_temp_data",
      "input": {
       "location": "San Francisco, CA"
      },
      "caller": {
       "type": "direct"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_01UmPwkecewaEpMupy2ywk8b",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Here's the current weather data for San Francisco:\n\n- **Location:** San Francisco, CA\n- **Temperature:** 64°F\n- **Condition:** Partly cloudy\n- **Humidity:** 65%\n\nThe weather in SF is pleasant with partly cloudy skies and moderate humidity!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01LKcA5qc1HwvLQSe3cLKmcK",
      "name": "code_execution",
      "input": {
       "code": "\nimport json\nresult = await web_fetch({\"url\": \"https://example.com\"})\nif isinstance(result, list):\n    print(result[0][\"content\"][:500])\nelse:\n    print(result)\n"
      },
      "caller": {
       "type": "direct"
      }
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01SyXFZ4vqqE144ySoN6b5UG",
      "name": "web_fetch",
      "input": {
       "url": "https://example.com"
      },
      "caller": {
       "type": "code_execution_20260120",
       "tool_id": "srvtoolu_01LKcA5qc1HwvLQSe3cLKmcK"
      }
     },
     {
      "caller": {
       "type": "code_execution_20260120",
       "tool_id": "srvtoolu_01LKcA5qc1HwvLQSe3cLKmcK"
      },
      "type": "web_fetch_tool_result",
      "tool_use_id": "srvtoolu_01SyXFZ4vqqE144ySoN6b5UG",
      "content": {
       "type": "web_fetch_result",
       "url": "https://example.com",
       "retrieved_at": "2026-03-03T15:05:04.091000+00:00",
       "content": {
        "type": "document",
        "source": {
         "type": "text",
         "media_type": "text/plain",
         "data": "Example Domain\n\n# Example Domain\n\nThis domain is for use in documentation examples without needing permission. Avoid use in operations.\n\n[Learn more](https://iana.org/domains/example)"
        },
        "title": "Example Domain"
       }
      }
     },
     {
      "type": "code_execution_tool_result",
      "tool_use_id": "srvtoolu_01LKcA5qc1HwvLQSe3cLKmcK",
      "content": {
       "type": "code_execution_result",
       "stdout": "{\"type\": \"web_fetch_result\", \"url\": \"https://example.com\", \"retrieved_at\": \"2026-03-03T15:05:04.091000+00:00\", \"content\": {\"type\": \"document\", \"source\": {\"type\": \"text\", \"media_type\": \"text/plain\", \"data\": \"Example Domain\\n\\n# Example Domain\\n\\nThis domain is for use in documentation examples without needing permission. Avoid use in operations.\\n\\n[Learn more](https://iana.org/domains/example)\"}, \"title\": \"Example Domain\"}}\n",
       "stderr": "",
       "return_code": 0,
       "content": []
      }
     },
     {
      "type": "text",
      "text": "The page at **example.com** is a simple placeholder page explaining that the domain is reserved for use in illustrative documentation examples and does not require prior permission to reference."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "I'll fetch the content from that Wikipedia page to tell you what it's about."
     },
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01VNMRfQny2LCrLKEdYaVcCe",
      "name": "web_fetch",
      "input": {
       "url": "https://en.wikipedia.org/wiki/Maglemosian_culture"
      }
     },
     {
      "type": "web_fetch_tool_result",
      "tool_use_id": "srvtoolu_01VNMRfQny2LCrLKEdYaVcCe",
      "content": {
       "type": "web_fetch_result",
       "url": "https://en.wikipedia.org/wiki/Maglemosian_culture",
       "retrieved_at": "2025-07-17T21:38:38.606000+00:00",
       "content": {
        "type": "document",
        "source": {
         "type": "text",
         "media_type": "text/plain",
         "data": "This article needs additional citations for\n|\n![]() |\nThe\n|\n---|\nMaglemosian (c. 9000 – c. 6000 BC) is the name given to a [culture](https://en.wikipedia.org/wiki/Archaeological_culture) of the early [Mesolithic](https://en.wikipedia.org/wiki/Mesolithic) period in [Northern Europe](https://en.wikipedia.org/wiki/Northern_Europe). In [Scandinavia](https://en.wikipedia.org/wiki/Scandinavia), the culture was succeeded by the [Kongemose](https://en.wikipedia.org/wiki/Kongemose_culture) culture.\nThe name originates from the [Danish](https://en.wikipedia.org/wiki/Denmark) archeological site Maglemose, situated near [Gørlev](https://en.wikipedia.org/wiki/Gørlev) and [Høng](https://en.wikipedia.org/wiki/Høng) on western [Zealand](https://en.wikipedia.org/wiki/Zealand_(Denmark)), southwest of lake [Tissø](https://en.wikipedia.org/wiki/Tissø). Here the first settlement of the culture was excavated in 1900, by George Sarauw.[[1]](./Maglemosian_culture#cite_note-1) During the following century a long series of similar settlements were excavated from [England](https://en.wikipedia.org/wiki/England) to [Poland](https://en.wikipedia.org/wiki/Poland) and from [Skåne](https://en.wikipedia.org/wiki/Skåne) in [Sweden](https://en.wikipedia.org/wiki/Sweden) to northern [France](https://en.wikipedia.org/wiki/France).\nWhen the Maglemosian culture flourished, sea levels were much lower than now and what is now mainland Europe and Scandinavia were linked with Britain. The cultural period overlaps the end of the [last ice age](https://en.wikipedia.org/wiki/Weichselian_glaciation),[[2]](./Maglemosian_culture#cite_note-2) when the ice retreated and the glaciers melted. It was a long process and sea levels in [Northern Europe](https://en.wikipedia.org/wiki/Northern_Europe) did not reach current levels until almost 6000 BC, by which time they had inundated large territories previously inhabited by Maglemosian people. Therefore, there is hope that the emerging discipline of [underwater archaeology](https://en.wikipedia.org/wiki/Underwater_archaeology) may reveal interesting findings related to the Maglemosian culture in the future.\nThe Maglemosian people lived in forest and wetland environments, using fishing and hunting tools made from wood, bone, and flint [microliths](https://en.wikipedia.org/wiki/Microlith). It appears that they had domesticated the [dog](https://en.wikipedia.org/wiki/Dog).[[3]](./Maglemosian_culture#cite_note-3) Some may have lived settled lives, but most were nomadic.[[citation needed](https://en.wikipedia.org/wiki/Wikipedia:Citation_needed)]\nHuts made of bark have been preserved, in addition to tools made of [flint](https://en.wikipedia.org/wiki/Flint), [bone](https://en.wikipedia.org/wiki/Bone), and [horn](https://en.wikipedia.org/wiki/Horn_(anatomy)). A characteristic feature of the culture is the sharply edged [microliths](https://en.wikipedia.org/wiki/Microlith) of flintstone, used for spear and arrow heads.[[4]](./Maglemosian_culture#cite_note-4) Another notable feature is the [leister](https://en.wikipedia.org/wiki/Leister), a characteristic type of fishing spear, used for [gigging](https://en.wikipedia.org/wiki/Gigging).\nEra | Timespan |\n|\n---|\n![]() |\nThis section needs expansion. You can help by [adding to it](//en.wikipedia.org/w/index.php?title=Maglemosian_culture&action=edit§ion=). (January 2020)\n[↑](https://en.wikipedia.org/wiki/Maglemosian_culture#cite_ref-1)[Sarauw, G. F. L.](https://en.wikipedia.org/wiki/Georg_F.L._Sarauw)(1903).[\"En Stenaldersboplads i Maglemose ved Mullerup – sammenholdt med beslægtede fund\"](https://books.google.com/books?id=n5VePAAACAAJ)[A Stone Age settlement in Maglemose near Mullerup – compared with related finds. Resumé: Études sur le premier âge de la pierre du Nord de l'Europe]. Aarbøger for Nordisk Oldkyndighed og Historie (in Danish). 1903. A[German](https://en.wikipedia.org/wiki/German_language)translation appeared in Prähistorische Zeitschrift in 1911[↑](https://en.wikipedia.org/wiki/Maglemosian_culture#cite_ref-2)Jessen, Catherine A.; Pedersen, Kristoffer Buck; Christensen, Charlie; Olsen, Jesper; Mortensen, Morten Fischer; Hansen, Keld Møller (2015).[\"Early Maglemosian culture in the Preboreal landscape: Archaeology and vegetation from the earliest Mesolithic site in Denmark at Lundby Mose, Sjælland\"](https://doi.org/10.1016%2Fj.quaint.2014.03.056). Quaternary International. 378: 73–87.[Bibcode](https://en.wikipedia.org/wiki/Bibcode_(identifier)):[2015QuInt.378...73J](https://ui.adsabs.harvard.edu/abs/2015QuInt.378...73J).[doi](https://en.wikipedia.org/wiki/Doi_(identifier)):[10.1016/j.quaint.2014.03.056](https://doi.org/10.1016%2Fj.quaint.2014.03.056).[↑](https://en.wikipedia.org/wiki/Maglemosian_culture#cite_ref-3)[\"Stone Age remains are Britain's earliest house\"](http://www.manchester.ac.uk/discover/news/stone-age-remains-are-britains-earliest-house/). Retrieved 28 January 2018.[↑](https://en.wikipedia.org/wiki/Maglemosian_culture#cite_ref-4)[Med bue, pil og fiskespyd](http://www.denstoredanske.dk/Danmarks_Oldtid/Stenalder/De_vejl%C3%B8se_skove_9.500-6.400_f.Kr/Med_bue,_pil_og_fiskespyd)Gyldendals Open Encyclopedia (in Danish). Pictures of some Maglemosian tools.\n- Anders Fischer: \"Submerged Stone Age – Danish Examples and North sea potential\"; i: N.C.Flemming: Submarine Prehistory and Archaeology of the North Sea: research priorities and collaboration with industry. CBA Research Report 141, 2004, s. 23ff\nDanish-language texts\n- Geoffrey Bibby: Spadens vidnedsbyrd; Wormanium 1980,\n[ISBN](https://en.wikipedia.org/wiki/ISBN_(identifier))[87-8516-071-7](https://en.wikipedia.org/wiki/Special:BookSources/87-8516-071-7)s. 109f - Gyldendal og Politikens Danmarkshistorie (red. af Olaf Olsen); Bind 1: I begyndelsen. Fra de ældste tider til ca. år 200 f.Kr. (ved Jørgen Jensen); 1988, s. 47ff\n- Jørgen Jensen: Danmarks Oldtid. Stenalder, 13.000–2.000 f.Kr.; Gyldendal 2001,\n[ISBN](https://en.wikipedia.org/wiki/ISBN_(identifier))[87-00-49038-5](https://en.wikipedia.org/wiki/Special:BookSources/87-00-49038-5)s. 86ff - Anders Fischer: \"En håndfuld flint\", Skalk nr. 5, 1973, s. 8ff\n- Anders Fischer: \"Mennesket og havet i ældre stenalder\"; i: Carin Bunte (red): Arkeologi och Naturvetenskab, Lund 2005, s. 276ff\n- Kim Aaris-Sørensen: \"Uroksejagt\", Skalk nr. 6, 1984, s. 10ff\n- Ole Grøn: \"Teltning\", Skalk nr. 1, 1988, s. 13f\n- Søren A. Sørensen: \"Hytte ved sø\", Skalk nr. 3, 1988, s. 25ff\n- Peter Vang Petersen: \"Bjørnejagt\", Skalk nr. 5, 1991, s. 3ff\n- Poul og Kristian Krabbe: \"Vest for Valhal\", Skalk nr. 6, 1995, s. 11ff\n- Axel Degn Johansen: \"Ikke en sky og ikke en vind!\", Skalk nr 2, 2008, s. 8ff"
        },
        "title": "Maglemosian culture"
       }
      }
     },
     {
      "type": "text",
      "text": "This Wikipedia page is about the **Maglemosian culture**, which was an early Mesolithic (Middle Stone Age) archaeological culture that existed in Northern Europe from approximately 9,000 to 6,000 BC.\n\nHere are the key points about what this page covers:\n\n**Geographic and Temporal Context:**\n- The culture spanned across Northern Europe, from England to Poland and from southern Sweden to northern France\n- It existed during a period when sea levels were much lower and Britain was connected to mainland Europe\n- The culture overlapped with the end of the last ice age\n\n**Origins and Discovery:**\n- Named after the Danish archaeological site Maglemose, located near Gørlev and Høng in western Zealand, Denmark\n- First excavated in 1900 by George Sarauw\n- Similar settlements were subsequently discovered across a wide area of Northern Europe\n\n**Lifestyle and Technology:**\n- The Maglemosian people lived in forest and wetland environments\n- They were primarily hunter-gatherers who used fishing and hunting tools\n- They had domesticated dogs\n- Most were nomadic, though some may have lived more settled lives\n- They built huts made of bark\n\n**Distinctive Tools and Artifacts:**\n- Used tools made from wood, bone, flint, and horn\n- Characteristic sharply-edged flint microliths for spear and arrow heads\n- Notable fishing spears called \"leisters\" used for gigging (spear fishing)\n\nThe page also discusses the archaeological significance of the culture and mentions that underwater archaeology may reveal more findings since much of their territory was later submerged by rising sea levels."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "server_tool_use",
      "id": "srvtoolu_01Bj5uzzLcYG5hfueSLcDH8k",
      "name": "web_search",
      "input": {
       "query": "tech news today September 26 2025"
      }
     },
     {
      "type": "web_search_tool_result",
      "tool_use_id": "srvtoolu_01Bj5uzzLcYG5hfueSLcDH8k",
      "content": [
       {
        "type": "web_search_result",
        "title": "The Latest AI News and AI Breakthroughs that Matter Most: 2025 | News",
        "url": "https://www.crescendo.ai/news/latest-ai-news-and-updates",
        "encrypted_content": "ErkeCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDCKiyXcihBFqKsz82BoMghNrAHG8q98vqo3VIjCuZMjWNGBVSHrCkBwuHO4kGHjhlMYrn4FixTO4xeTfrEaEV0w/JPSRnlurbpVPZCcqvB2hN1s7UbbTXeFZcVGWsLPbg5nK3P22cCNyuVX+FOds68FfNB8DihoZ9KvDBdURfAs5U4OV1PPbL6SmcoFxHl2GgsNgNWp9ZMLLLVsShZg8/isJDT1ffqzZt0eZALakbxapGGEgZvSQnuE8P7hS0BkmTnfEjOeoVykeAEHhpJvRjI8nSxQUnzrekz4c+EqvPFnrk3WEbB0BNtWdWXHjevtKFL+poGFL3KB+XagxGBD3KIhsCpqquSmyVIpH15jqoZTH270qLGQlXfMa7So7hMTkYBDrsKTVrzP+0fHMpenNyGKBl2nNoFFlm9dlM5b0hqCCPSecmpLP4rQGopzTxtwjsJJn/psTFBqxXL78x6IG4d+cTA1B5mrPvkFxQZ/lQc2t3wtNPi37n3aIHoUMSK6qKa3TGNhc5b27eOPYOrwwlNjpPWOrUoEz1tGWVFg04phXKODXTqMH7wuWj/7LNR2I0+ZAxF5Y6Xu92hjqpDKkNJ7JYJw63mtKuz1ISOERjlg+qIqEUA0sOosB01q2Tp20VfhbXDxCfSeOStXPhHUKbvhPVGW3KktAhqiSfz3x+m/jASDLWrpuTYm2tlw8bacXec5SV3DHnVryhySh9Gx62PWcYRWjEhUMv+KgprDF5ClJSmgIrCjqfjNSeZYyad5u1Ve9P1fg1wFegIursJvico+aYOu4Xr0qCNtfGtgdQnxwJy5Y00omT6+jygThCi4CQGOQIhhzmu1KX4WggPHfRySSiuTvs6398eLGNzhKcPd8NNPCZYBt1b27t7oMRgzfdamXJAWbRpwrctkbcjxsyCimqYCtgqr4L1akGeELsLZ5p+g1fD+NaFOUTWoVPiaSU6rYtEOeLGVjb/1fTl5gE8flxmznObBTFY68NhvcUTfEvRsYV7wZdZUfgtzVjr+znXCh6M9E1FZ37K/MZ7XLivzC10AiVn5FCXsHWUasuVr3M54o/G9/5h4yy+CRf7BB9uJyIedpS3KRbjITkuGbRkMJu43h7dQeVUzquXjrh2/BG9apiRaz6/y/5TrCc39FG3e5uei780C0OXd4JULOgKbpcw4OBd/CbBgSvK31MzBUmcgKUuc+iVLAP9R3v37c2z9V/nKta/ehgFXRuQwwvy6TawcdPzW+9DtYrglRkGj9/6rxhWabYM6hfPlTpgkXot0zd9OAvT3z8JF0RDnrSi0EqcvP4/dp3YFhGwGcB+YNTnN7ntp4X/FUr+4S6IpUnLHfT5EvlXdGYY1HYbQINVCplIlXQEvGHfUUehTyxEc35ne8+GOjfNxaneflJ5jFa+UMUf6Zk0RFsr2ycm/mdQyuiRSqR1GByqqJt+tW3EVgFVKUXTMIEPmbqLQGUopCh2tycODjVDohYDirutHMfSrv+ShUSKoDRFL/NZbG6xtFE2Jx40AT6c7TxwGhx/MvG1SluvrGdua4znboI6IiYabYvrKz3vVFK8/cEQAfGjn25SnYOdLM9je1kQZOMePKcWShVqYQ4b+RUAhnHylB5cJTpwOtYLBhPSE2kkh1OuJKX8Exnn/scgRDSj3g7ksktaUOEcBSN/cTCmVzcoCkWfaoR/etUoqX3VwFLh+y8C/q8WfRZLYRmWQqs68UKdo/0jSCpfVDyTKppTTOmoJ3H+WtuG5eiPxeEzCDU2atriIE+GDb8+/SXSmg1Hrs80e4UcEwAnJONbQhvUGbMMmZvFiML9+vBTSREnazeFBYxb3SiYVd0OO1etSpTrY4pTTK7cDMMZ10l6aCNgGBoN5Z//nVAXPjMfTvFZTuC4nF8seaL0tBFNRV6+vOrf5lf1cijW8i7me1ifotsiqaMiGgjLOp8S5tKo3MYNqiqxAB+DhcV5QK0mCBenzG1Cemky/4fW21px5yv0ZG71jVLsrlfQL1a6TGjJmLqKACiSzZh/AkWejlAI/YkuTN4qDNAa6ImF037CoYxrd+93Ld2xt+qgDkCdDcnoBmHjmGgHaHrLv058ABEExKv1YwIdDWg8KdwtvkWU+xCfAIrMGqTFkhwMsRBPn2R7IS/HyxhL1uFr9gdDjthHnNnbk6Fqb6LwDcZRYj51ah9Z1awn2gls8GCqFXbcRXf55CHibnRPOz096jjNzqI7Y0KyzLiur9n8ZqSmEffFIMwXOx2KI40+G6QSXaS+2LMIvqzsQVp0uYzQoXKvXjFRhzs5/zVHcfvQ0MDzsU8xwwTCpkZretF/TYbSBO+vjl59MyaCe4aDfwhH/rMiqhWWwTX5orfG/4dCv+I3EHfORV42mQxs0q5kDEQ9bgiumBF7HyR5ljcTYDVfdj2C9ur6LmnsXuk2vX5e6JE+DyhtbCg6E1NgxIrN9/MV+j3r2LzEFy/yzWmNCqlaCRoSdT9MLoItpb3eQsFlxuhbsf5aaGtrJrWrTq6UJEvl7zOZ/9TWFCV4idc9XQn9FpF/GcD5PbrGegnVJFkUIgv7wPgZZYdAo4bkzyczbYNfEN5x+6qaIN3KiEdQj2x1RmetS2dI1OrWeTrkTkYLltvswwwbr1oDsvTm1pi2Ba6Pc5IVQD+XBriiGfM3noG/4JWwwQ6+BhUmvobf2JO8H4Rii3lpgr4EfjBtRiJpBoiL88KGPVmox33y7n/Gt0R2QWEqqz59mdW6a5zn7ICf539Sw7qCiG7pAkzea/ZXKpUfFcA0fujbiXJw+vpMaF4+L9UW5La/TEFoQ3IKYWGRRu953bGSxR/yxEL/aVIT/3buv1Y+RJiG6Yq07EbH61lf+VfB4N51wEz1UGKjsVfp6JxpdQ70GZffYwi0AKGnDEFmXTJPZgAN+I0KsMm2k5UT5AfZ6FQGG5qMsklmPkGMGVc1/GyyANyAgD+HwaSceUBx6HsvmnRg2iGnZEFhDgbawOPvTWr5vQ1deTuxRzax7g3mXZzvV/UjAE6M8sIeESuRQaTby5UqZEstI/KS8/Y5qD0Rx9rQ/HJ+XD0A1PkMA0hxsPAqYl5HjpiotHOBKg74hor0KV7zpsKXGdS8N/WhtOiTdpQDcZhOtkCzV9kJz6PJBPiKwcqjXakOWYm4ojDza6Q5QrYd1WDxikUjznAOyhUZD94wqJQ3XWGSkgvD/bMv0LSqOyRKpxTTwufXl7w3Rl4U5eroLVfGvRP+In3Chcm9X4Dxcvsp9V4ar/DgyAifgjFVX5+C97ZucYBkuh2cBy/E22toVd1v8cX2FPTAJvLtwPGIDKMImU7Ir2OyaoZl0DZ/syBWvHjzAgXnvnPPjNTss7RZIlY5TjUCa1HTzYVKJiqdZ/maW+AmPxUMwDxr+rVGDzJplemQr6XLg1sLrI2aXNtfXAKtCRkNGPND5qD5F1uppWD0/dpmqlchX73VIHT8sG95p2GNSkxeeXxE70eenpcTz4B5uVskMIiSHf+iDoeXEXSf/zWqTKUgPpnNdsV21AmYubmjxwthkZX+BKdCm0kI+RPQy+qDCzKwHBltOxPbhcIWXPahKf5MpcSB+wq/F2r9LpAAOGKvB0I6ifKXO0eK9/jgJDNDPE9fG5ZF3ow+uYiw7bfymc0fiJCWNkA3EPf3epbNztlgZCc9SapJ7EwJpl9zZwiMkld9wxEbbMv2vs1/M5aCjJ28NEiU2gmv5D3KL/tGzaqVQPRgeJvZ/PjyFuEFoCMdRgIc7/nTXc5hFnerICjTZJBoZdJRanqz/700xkfB5wiJnZqf05qtuEFeQ6M60wqbrgyWGy8UyesApyXqR7Rpj0wrKPds5qH5Ott9TQnvYyIexQKAj1R3Zm0zCXh/pPhZzRIemhhb4NQBFYsdFFW/N/2zThaflsFKfSU1Y4BiJkXkqGxkqQRKhmXpNzeqBv5BNXy608zNX3QIkyDYjJw/FhviYyo6YwKkBjN6dUxCXLSIz0rRh60zkCxiTlvhdt5IO/H81WpeYa3z94S7p9tInmBWitHqfQHYi1ocN2/okpAsjT+loDbFk6VY8fX3AD1bF3YuLWNnM+4017krMkUQD6e9GpLeFinbVDr2ThTgAqKZwYs3BnZJ9HEBzfAKRtQKftOoO3jweaDZYfxjhnKHGswfAHCgbvkNUeb6Yif4HBDlJU/aU0P21knvttVZ1m/HwQTMzfR7xuKvYZJNNIdC18XpVXAKmwHEwcPBSscJgFgZTfpT85ZXSFGI40aV3E1Kfnjen9pUPzh+kcG5lf/GH8c2PKVebnyDxIpgLT94sBFL+HBwuSbOgPeM+zaOtrGVl8fwCQmrV0yMZhxGcXnKDmmDjEbZglIUSyMOaLbs6Tmmd9ANFbTPjBfRHZMHZ/IUhgbbrnoNL+H4Ionksr00jEe3udte39aWGvEAOYv9M3AaXImPgTQNBiPnS9UNOE5FMhYuAhImKk89diG+As0U/aVLNOxTt0EZ5c5JRnQIyEC5NMttGhqajgVbBrrXyvbhOuibJPBRiRxsqPL7PHM1JcYYpes2HEMmBBAIWmdWnW8jXHcu9+ZSVkoBncDpnXyeMEfeoPw45UHKBXqdKjsiL7XD32oySRCsc8kgB8tlBh4g29KNh7B8y4g1Ph834iH/rO3YB578a/B2UEpoVMIUB2flTawjrPPZQjsYKLrY2/xQJaDdg2pblIu4kS6mjV5uaSzlXWWhrdGsafawlKvqZ73g3jWNGx6BPaJHE1+pfFpMIdVeIQ4E/TDSJ78DGIofCxt9PBsgwDo0RK4X7fnmwI0H3vq0k7fBUsCD6W39+bflh+zmPxt34UF7hsivPoqtR5wp3Ujvxm9xpGRiK8xxKXtQdUnp4saGyH/v3TsKLP49KgnV9G/Th3VoQHBTDhdB0vdSR8M3pjcWTQF+M2uBdTEa2YyEQGOAxgvzhUY6m9zjiy5yNpw/131ex1jP+MW2h9ON4JBMeNtBTQBNwg+H/m4iLwZ1Z8UkcPYa7Ois2SMrvo7BL3wbW/ulKTmfFR8GkmTOnAK1qWsWrQOW/oUKE9u3cdLUUrMI3/CQo6sam1bgSU7zkrEgbQbTp0qFWJ+6mowE7vBehwsKPhd+P86mUriUsneI6f0QaRouh0IIL/GAM=",
        "page_age": null
       },
       {
        "type": "web_search_result",
        "title": "Fang Junyu's Technology Weekly - September 26, 2025 - Future",
        "url": "https://future.forem.com/junyu_fang_a216509a97501d/fang-junyus-technology-weekly-september-26-2025-2ndd",
        "encrypted_content": "Ev0YCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDJET+3TOzdujKBTYxRoMAXPqZevB9l5pbs1FIjCcGOWVY/q1JxpT+TUp/T8xUSynoGi/XXobkS0dyBedRr4LMqPAhE/UxsqTEPxHB+UqgBirNmyFUqi7zNuyVYVVgcCS51Ig/M/HpdT6omrr4qV3zlDaD46HKbb0s2OTjF9RHfwZRCfkeegOR6K9fi9pjj/I/qB/Wbdl4wYTxUHaC4R+tMv0Ie6XXxuc1K+jVxJjsQNzL1dXqqqmOTzt7ZiqjOGaQ7bJxVH7+L6uh65zIVZ7D0YOUdz49/Xlvj6LQD43LzbVDu50kSjb4kDlP7p4I+PVveoMrdFlZ+kcX2LHLfoTGsE/p9u2V1BbFePejLxQlSVyMXW2rzxiPgLPx7b8JozBrXrzdbRt0eBCQRHoDvDhcq+SP/1UcJb/SkNmoSCWvaHJkRXy0QKUODb6gD00uT5Ptl9XijCiDZZfsWZUvSs1Drq4vZ9ayMSFcsFABPFJCgQktl2a+RtySjGWGiVG9N+rSu1lLzK6u0J2p/u91goztJGw/eFGHCFeHKAS5extZJxyYRDZqGHJJ3swfgdH0jeQu/wUofGMNX8ulz645HdL0k6q2ANyTgMejjcE/JmheGipJcbuZ7F66ukcfx2TFAY53Oc47XW8ApQnHhsX3PyM+S56p17FzcqkMK1t45exiBgV9UTNbR8AZ6kG9mpxvlxmSsZ9ko49r8rkFYQriwbUHNfqnwAoFCoVnslI9m1RicG0MSnsW6xsimwTpcHLY1iTO8eDfdKGHiT/GVuquiUiuAVERHhkJJv7S0fXnVaISrXHWxSi556BAQJn8QsflDTtiDppsNa2G/f3oKYvbxzdbX1bj3rpjgtmbcrPQoK7y6GBgnSJaqe29SNr8GwaEhy7pM11bGHlJz+HVqrCjT533AYZ9FBI3J/ZO7FSfpHh6N3kAttPpTXei4pJXejAY08zQOFoxT7jR5sd1813N5Mu/DQuyHka0y31EvvHoXE40XkbVzLE8dFuBzzKxirRIPShBRs2EAE0wDkBjmMH3JZUQiz4gwDN2UqPfWbpN4FzSxbjD/X6UHiIrnwm69B4RZFov+94YYYTYkatp8wToWsAVbMr+YuVoTsBWhi1treQTtOokTjJjhgJB/ePgB0xvKFRx5HMTXtnoxMZ8kBOIw7W4lXvsjk9qKvQGjkL2cEPbbnVfNVIccye/onCaCz19MllCKPF1tM2808vWtDKn/rLKO+5IbLOIhqwVqDVqR+Z2RH9NXzmJFIRKOjcNvT0myePJIsAp1Eu0LrifyfUZSVAXuOawIx7cmAecmc6wCejeMdLWMJc57nRgG4ADwyf/7gezSAjVJxTAH0Iw/xJAs9exFPcgBq84+Aplm3wJuYeG93B43epRIdRlakMb2gsKx2Ouya7Lql23R9Inx4XRBwpqhRqXOu11nquU+gamQCsY76y8HBZ8xJmnzpu8nJTegFsftnHfQ07BglDhMScBo0x2Vrhldn0n4RTOTb6B8Qw4iV8xx3XCFCcdDORBcfpBQAsvqYL5QogDXBlmGjpUNfgbigwV8DfBJ8Jh6B24odff1hxTAMZE/u1i9JbpNJrojvcGDvhYmcXOrOHBa1Uu5i+UgfIqsSMrZKwBWbYDSU0MGxI41MTfiJvUaDAX8HR/UYhO++a6B+O/d4fzV42D5181KyBYyT48v4u8vUqyZ+1s+NDpmaub4S2m3CVnJxf7OIkYr5VmZMyo1Esr7t1Ispjs8wEaWWoTCvp2z8lvTUz5xRyc5I5P7/EmbC5lf81ZHFGDYVciEmxs9ThRWv7wIsvRGtFv2uwR3HjPzVmdaxpVQSwY4VaRybgbiCgz5JgLecb/IfcHpXFJy+iuyq7UqGtvOSE6Z47ROoyjRvOBrovONbIoOgFv5xJqZdIFS9141Mqfi6/mtSRhl9M78RQRgj6gj+kUh9zyvNGDh9JTEe3z+ObFIWCMOOZmrOCRq+zDavPjoGjnAW+LBAHRxLXUoy3ZXmQxNRs98LX6uSjfmTiX4ZtkhYKz2I7PtGt0xycR0XN9ggFmFBu/ZfAtQDBhfVgRsOj+Jxw52r9cTH26oZOouxK8l7puEAylkdj61ITiyntnRjEgXvWkzB7wqJ+ar1Z6YultlBgr+sv+Po3wtmfv2lLAZ2pGd1ZQjp3a8P9HaU+29L4x0uMcHLs2uZ/o3y7D0zD5pkAtYE4Fzy1i0sB52KbVPs4+1MMjhH+ToDeDMbSVqDG48pUi50aOJkwwYo3jmYLSKaIXCuGTA9hu9Aw+tzmEMgdORzbdFWTmRTlNJczk069jM+RQzyti2dUneJ9gqA/x47WZy+dm59k1vSJspSDt11m5Js6Ii8C36X8hiO0deFMn1GWnqavdDUwhBriS6MmXea3Yh4XXIKUaNa92iozSp9492WYA21cQVZzoKW22zjcfWH48mk3DaJWPf3Iri4RvrveE7tZAD+2NgMwNcxEd+fkQlrSNfoAfBIlodwQrlZ77RED+LDvA9PkF4/67ASDbry2Ch6ntopiemLloU0bxZcJKxWHnO3ijuTIiIckCsAhwrKuHWUbffmN1rwXafvx6ZQZEFj4Arde1epBmuJA3iaNYoHseqdIdSXIM2ABtz3+cgZaQ0hBskLeibIs8RrnxQxH/kQBb65RncshwlfMmG/eHplMqucjiPYH/z1fr0Z6lzD3wTjIhj0trbhIHPBwKaXlpXJAwBRkgrNx/QtW7bwGRNrB73eP+tHXHOiS+DQ9OAprkVjVtU80/H/yV27auS6IjQpzLo4IJceahkwM02jnhidD8313pyPylxW+0PN66PDxnHzwyBLtu4pQ7XOmTXiOOUrDTH69dcd3zP39EYS8/kebrIFf9tlX/4pAGbtWgjRRbxQxQvLgqVHtEEnHQc70v9DjLYz7Xx9cIuRouUBL0cqx7lmXyuyeirOpDFzJk/Dt4Y/3jvw7E2qVjo7GdifAURKpXO/8ffR5JSHt6E7jrbxnuaEE33AqpB/ZnUH82fvrYQgAPpf8y9AdacGTFMTPCMYNl0Hh49rd4PobpWPd3Y/G+/ikfFhzB+hwwc+TTulU3MVeRdQzirPyFbKcnJVeepV6o6fU7dIVHX0LVuEh7CyyLN/3iML0BE1CgwpwlCTo4KJ4Y0UGGggTmbyX1s8Ndh1hzPQPmU8Cjy3NMYCnpRMyjVS3VbDF+Xx9zhq9Uc439i4AnIUFI1AvioAqSNCS5bw3TJgT4f1awVTkl0nwgcyQtKC0eCIrSRgb7PmM7KdL/eTQRxXtffcOvnu4L4ESStbBqEvnH0u3AB3/09pJXlcUxC4mWYSIE35GVHzX6GbcTndXp0Dua26bGBN5VZNzT++90xmD2+RxDZtp77hOt0p9WzqZljKhuj78PjtN3NWdmvZacAsDlBu3cEEw3u3VzrTCjXtn6X1GHCK72wOTdh77/+pxqZTvxH8XD/b7cGcWSkOZFjwEoWA/96LF1vorn96ehWslW1udylc1lp35CERuUmoKHP+Swu/UcClsYPCR4thmn4IICKXLvaljJx+Nztqbiv9OufX2iTw6ud4MBSWgwOjz0KAYi7MnYhGsr/FZbcjtutY2Iqwk4gK1GcBiglqhY3KbZJm7hzjF/j2Jqm233tNWTiLMW1WOTkEbYv+jvDZPukgWirr5bVC4/l2DK9Oj5N59yD9DJZnbrsfWIPxLQBVcLARt7gNZp+6DQPrmZdZNCfy2oRE17m7vfCekvWjjY7O/8rTW649EYSUWDJcuzbT/0hKUlQcpXqU31ORh5CYUe8Jf0uiRS2FE4VWgTqw1mlSOFCxl/SOgUq7Iqq5aiCRaYhQmY8gXkQABEbLvUiBdC0qTGlOa26pl8ISh+fYIO8R1hnFA0r0wtyGu6n7m21pCIHMHgyfV+crs4z1NxgIUxnFKstvtBu7+OMlk5QpP64X5CIWtLpfTzv/nqFy8U5yJEIBcj0h1y5rOhL60/ue8yNPhES5xEvXch3U0QDxgvd7AxC2JGP9ImiC5Le5IvzS0IbltWYr7klYUGpvw2rM3C4WBR8VixXJRBBkv/YY2i2AlDT8FffqIp5dF0AVI3i3EYmR9SjhFvgz1MqnXIl8ebwnpkYSHgfihuRmaFxNsafhy6e96TzgLHLbHHPkotEk1xA9yea0T+SC0sn7vgUw6uuaOjOqbSNYilXwPJHSAIlOO4Hd6KmUYAw==",
        "page_age": "3 hours ago"
       },
       {
        "type": "web_search_result",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "encrypted_content": "Ev4eCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDCXTWGG2iGt+rK6NthoMStWAhy7++0i5DDb1IjDdEhevHU7/IkS4pQJFlv73ZNzIz8gWK6xGongVy0mpv6/6peh5Mv/lO48aqL7GQJ8qgR5NPmf9OKM67qRbwM/3iVAgq3CIOwaDTMxtZ3+t+fCE08dHUm+15icmJAB8PlVrhQLZxNMTjYE6WXC2abCCff+9vwzIEsJvtzpnTBWjerHMiLvjCtFyMG8sdtsk6gRqdoBPHpD2GzLEYQSt2ymQXI+u4JrbfdAsNnOhqXIAr6v+CnRRqU6DkZ+W/WTrFiz+gGyqTMFeO227BQrazy/YnT4jJCPq4f83fHhdyKfsuSpF8GZ7OA8+PPodQ4g0QAma8BhK16RPsmWiWvh1BYnfZpUTFYpRlzjVwZnrVJmHyTDjhEJbFpI3dTzpJcFJn1fZ0uqgzEIxLpYjybOaxvvCYAIinNTGkrgdHkocCL8FiDQ4mJnVTSnN0Ex5q0KXOCvQTJ2MN07VrwMzhFH3mtS7NSjbzk16T9NpL3mFb/dMzPN0nkPZGSsCqIoXMmEmnTG3wQsviJvhEojW/SWGW4OFWGB8hFXlD968S55LO2ilknvMwQS50WSmx/dVCrCdcFVhOYVia62UebBeo5f3Vw/GYuihv6eBTAOMeHamnaPWH10R4U3iaXfvLOCTACro+oZ1M0yQW6MHXSwT8Jj5o7+8TShRFXt/RhhIhsFbeIzMjUkru4DztSBhNCGFU/wcIpILSpjAnU32gs4RUfnqPsIwHt7DjlUvq/zHIif+IZr43Cyk6i+7z9CRjV1yCGya6dQJh8IGyGAEbOv3+WgY7ly7gPfSgGDL7wDpX3PiM+Tju/MXd5gJUp4nLiGKUyVYm0+UOk0yrt548Hy0czVMFConka8wNI4D0Wjt7hnfx5CR6YOwWCmvfY1e6ZSqHyvRJi7TwmCoe0MpVrF/ZAb8fV58fzC8Zzl3iwgW/nDVaLBQzYFUeT/PT3iIBV+ZdDey7ONayCqjbjpMQ9MiNmD1jUcBT7pFJqbreoEUhVhZbTq+07O67Zgug/W9bgD99cxQt+977O7w9dd+2xrkO4O3jzhUk/3UeE6piogoJlRBs4XBzGokhtInT8tl8otynYFLXyZ6pnO5jIKiG6R/5yMQ8INYBzdhGhH/cMbqKOeNwrGaUp8HnTdz1iB1QE9Tf51JjBoPK3SDXZbr+5ILt+JSUSIqOHIH3cF7pTNvtwT7+2lZo18PHXC19NuxTa2DzXeyUfM3k10kNGoLnFJntAKMpYEhW+io7bTmrlK+dx6u5zinO4EprfGa996tx/AoquO/SuT25CXi9N6DyRQYDiHdmHwWR4usd5hqSSrFz4Ia2rFRraJ07vyzWMj00o0zPeRED6VDQfHU/7968kK6H6dyWr+0tSwleSl7iyoCB0ViH2NVzrBR6kGO4/5dvaIp4D1IJyOJdhzhUjIFe4wgSKvyKrRVAot6oVA1KKlns7QU0jbzz5jy3BZgaURWPgP8yeP3FI3rSHr3fsY7VHLyjAZoEz8TY+sUMudjIOsoIM1gT3nKkQ0DbUNc0fclcJzikr6JoJl2+K/a3SHhuluTxSuwRwQjpgmr+wADbGo+BfqKTqY/JZ/j8T3c/lRoG+L8YHrt6GZC9OO8jFC7lzLdTZdb8hCVZ2EbHLPaSLXfUA4/XHVIPXmwDuqmB+xKZ27dfNZGNvlyuqWHn74XJYgZTPAXUsjtVc6oSVtpWy3F3vK27h8xBvuobZO2qFDfx+V2lTw8MKXekVAQj0dOVVkptZCssiZO+YKJ5uvhHlGNj5XZeUTruIHq3G/vCNRXPTUntxDjmuLIhjEe+PplNYmZxxKp7THrmpug+SmzdX+onsMtOna3Pt0Vjuzxi9k9NjN8V28DHW+uOD8gz5NTFyEt1oJ554uPnMzoUGyhtYwre3s/v8jFuxdvnnp0jXCR37WxX2kbwBXElOj5I0kSsRwfry9W9AEqKVoCCyd30tD6cfuHNYhtDVuavexaMi4f6W7E4QJzo8EwMIf7qOTwV/7TsYR0YSgpiUmTHYBhsesE/i3XsEZyzWvnYlSMIfQ5P2X2B4E1Vio+MT+rkMTrc+bJ5Ld0KqZHGGPhcDBL7KZ3pQQKhwwgmRW3NohJPJ8v7a/LtL7K5h5gcFyaR+rF738Xt5VsAFlJFY22dkfeYzWPNVlPZn7rAvtWampSJ/XShGRnTLcJotLKG0IZwap+HVh8g89HZckUr7gL+0yxP1N9h8MUL4pM7qGWVyfldC7I7XBSMGuWq7dmvEEwE9HS4E4OPllzMyMod4E0km0gS8L249d3XNruamNgnSumh0y+jQq727+hxZMGN1fr1sSOfdP60FjMcwFqAKwAa4wJ5SiDlz9uObZpYzobnZnFwzbH0HGzgTnfJSP7oX1H4gmq720D+HtepiKwnmVHxTHbojpPRTP+Nrpvz1iAaenCyFBW9uZaKF23UaAsy8imeikCBb7GRabe5MKRQG6B6cWPfiiaz1uFWOxZyKb6wxBE77SEagCTOblEe8ICGphkCgupeh2tzCPzRZJTw/KAaO3gq9qN7TFzWF1dNPWKI9rYWhtTXvxlUmBIpoE4YHXD6F2sejW2sJQ4AymCojHzeW5ZnPFbxBvgvJj+qjagUO54eYk0aX4MNNisQpxkGlHYZU/syoioG6b7C9ScBpSh6EJrCzXL0/jR0ubOMV1YiOwvmw8ubWW4wy7xipKozrXlI9Zmn24q6Is30CiPboOkJo/HsuEd0hikZEeqUALMYcd1PaMlqVxTD8H3Wl6auspqCmDERLtuVy66eZvECx4NClZQupHr25hiQWen6lhg2j2lOG6KLvnRsrdSoDapFf3bLMxa1dvj2LkoCHuCjEZHdjy4GZOyL1EZDOtz9AHFJgCSMbsZtqtxAhNV0LYAwxOfuRQX7O/nLST5fpxupEbnQ3Ia2L59kFOD6X+v8cHtksA2uxFpwEiG9mYM0kPVfukmTwEOYFA/bNWP4U1fEkfibhwZ+ozDyc39kCzazaDppja8QxCzDql1xZKGmQ+omw4mc9UjslxwZaNhQHqu3Ag2nvHAH3vOnLxPBZ5Hns7BAvmReoNG4YB4P/vPSLY8N5o1y6rPRWm+veZ3jvm6knnuS8mVf9U/x+R5juP0xC4Uq5I19sfNESc7F+vbYwlIwWYvgngDtDWfiw9HEr8xE5IB9K0m6HE1nRYf/4vM09bO+XQEvAGDfjjiaZoWFmy9GiqL2L2x7tXY0QDxtkBnTOkTOW0s4JT5i/v2C7la7d6sL2rFEm9935H6b1gOJB1U+1wotv23rOd4nhxyCTZKDlfENYNBuvMheJDeIt8xM6USwGjK49p7yCiuQplEsBTsUeCjLNWD7pBIXUoH5Ck1nvyCuSbzi/H+ptzzHaqouiZyaRJLJt7HcaWc2lGWA7Wt7bJEB3/xEuO128jDfOI3bmofXtCwfCw/aLj4h2dBdAzsn1WRdg9CcuSgVL/nSJoJN7+xrDbV9QLFhbwgdanbG3HKyaCtJjiF8vmIXr6/OC7lqrTCIMUVrHvXqdZId/dgn8NtFx7Q2jwTJzx/Cm1D3+GuZLIiRpZHWCl4ZaUIGXRkTEjK4Kpr45mRJdCmwwn5zZELEhe1CHvRO9OaFSeyWjZhJFYvuupJUiRrPK4zUmkqUgLjOJ8x5OGdImVvT2DRicscGnfe+DNX4gXwGGSYTW+gGsKhKFln2J/YoytsEa3wIuYv/tiulxLydzc2/Zlf8uG+Q7ljptTf9builDgFFU6iYkD7tPpYm0rzZ5wzIYa64jauWqOKb9gEiDXEuJ0vcvdWcMNrjDuOa9OX0aV8Bui2xTc6F9csrG7YpcquxJ1mG2ZXIqI9hnLmnbXlhiQR7jNv+x9IyDjrETdPgIlVzaP15PEGcK/APFNvyWLNlFZCv9eOL9Nec1SCJNBlYh4u+eQHtCFJaq4ncfd3q2p9Hv0Sik2eUbgPfhPtenovzcc4s1fnG2Fi6Uzj78QzzRlRDaZ7lxkBODFXtg2blKkP/nIquEsHBbYSF70K7jLhXyOCt+xYfMN/Or/LefDsrIkwGajxl63QwQ2w5+7CNSHxIHYtxuCeevuYxNdYruGhiB0ol/i1yu/0NfjKVgAQ+3LK4EgwTCnukVt59Q2jZKn0DecMvGRE3YamCfp2OiWFvHgHNRlMv2Drm/2kg+T4HK//5S0353z2vt98+QuvObqHZODk6nsY4+CWqfsLO3gCz8zFq+7OnXjSm/qycaLVTbiDIT+EomEfH9FrJYQmCOvdnHIYDIo0WHnvYBxZN4BC7ZVkHwpqZx7Q7eaL1M5oqrqvmVqmtHOtHVU3rhYAO45trHPKSTxCzOyRT709c8OCpry3qiHRqYOXfIik/WRhsQUVxkiIB8b09e1PHEVIt42SYIHlvd8dmrRPU1ydC72O4/vZToHeTachR2LxbzN/qQeu4UwiDV9b4AMkjQLlkW1zvdk6JOdD2wwnAUdgHFDXwUtxeQJzJVyPGs5i2hgacNi2g/snOLcbk9deddUslaOZRluyRgVPj4O+tYbH6WQxRy8hnkNM1bRUPZKoaJhUcUyAFjfdaKjM7WBeIF1bBvQN8yUPeizL1Mbz7QbuUQM/GsMAKsMk6Ik+mVOKssTsbanUiFDhs7rEH77b+iaMQj/C8raPUSVZMQLUffg8DXH0W9o9sYRvb8v41g+AnLBwe1e2iz+a9CjlOE5/82AlAYipT9u3sq6zn480qG4V9GurRuY90u8Tzu5071nduQVkiRcDtzgTy2BWKIctQGHp+JlCxl7/wSkDZ4Yaf9BdFj2bOMgLfNFMvaHnehuP8yJg54jR/k9RGqfA9/JU5tQSpknzA6W9CPOz6Dfgd6gxmBZ4FowjNHYhQxBV4xdVkAupHHu9BZsubcTbpaWTZFkEdPaRJ2HgmnW54ywVZaYKvMRKCrkSG1p2zLduMyHFdzwX5ckwqxSnP81my9wG7xqugsHWU3wLESqggQQzBZoNeZ4mVxl/G9Z9dmLeFVcMQ45bmmxK5ddaI+dRUZXxcWSZ8UIH+a8ExzMr/imhQ3NIMd1TA5jEhXhq7o4T34Mra+ZEOiMi27PRfLCP274i+sypSUbSSfUHZgBBxwtFSlVIRxTPO7JX+Nu2HN1I5Ae/UPyqmkNEBNqNy7HVFFHmxpCTmWN/ZMoczqHaPNN6a8WxNWD4KxnQzuZ43loqg0U9ZEeilxwM8Pa8GAM=",
        "page_age": "1 day ago"
       },
       {
        "type": "web_search_result",
        "title": "News Archive | September 2025 | TechRadar",
        "url": "https://www.techradar.com/news/archive",
        "encrypted_content": "EpgkCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDOyQB66Xj/2hKjSOthoMXtyN7vBOpHnwZhb/IjCOSbkddrohOzqCgjr4VFIDpUv170Yv2ayamp6NPgy0sWenLRXZG7Li5zbYUq6qABoqmyOo4at2vDcB9niXfTDWfxdzmtouvlOna4aNTh+6cELwWNmkN89Jpfzr1j8j7be58YxvGl0Ihal8s12RhIUFAvT6N64RJpqiPKH+r8uJ04U+lLkSFFug9kunwWlYJCgDV5WVthDJvIpsFhJ5Hq5E6Dx7LYUAq+7Hgd+0sMITOgUHRrsLvVR5Bd2NkVmjC4GSqxr/a36T0G+sgLIeQLBJjGP3GfYV4g6uqUh4FMNqiOmkSsitd+qj2tb6s51SWEP/4KaINl8teD9wTF2IkNWVRahpUhkjGdWaOftLSXoS8sslnBc5Y/eFox6LFqtnqMOjrGYj5dj9XP40D+RZvCNFhTtDcFTb46bfOpuFmMeuR/wc1pa9n+vXBWtwNefXj/lcIjro21CzynAzHrcWx8s/61DdY1uIdZQkZj9qt8QvxhJKPgnOlwgJlHY8wzHKxH5w4m1CCcKU/q8IZE5j+7ECDySOn7s2wbIbqO5jLRVx1Y6f38BiQrTjwhA4ig4gudnH6HJT38dusStUGWWD83aI82cbiHzhVyPqJxbQs+u+0pOGJRmQZnPNHeID13MoRURyNFVQPpROHMFzlvX5jEdPSe6oaCjMtxLoZn5KZrVV7hJNzxP3w7UmDCpko/da9Gyri5k4kGJa45F9Iirx74Tu/VQLD1bTsm3s9SCOa57ljw4RBUUpPlUnJK4UaULHq5hHZSSSbRibpRftZaGkGfa1xMx2TEUZc00oVEYbyCn8Qxh9pQVSuH3+CW5EsrSDvoh7afJjU6q7Wp1lUie7IMPMKIzEVEPsUIqWNgDzQ/DMQynnNQMlbjZrbgfsjh8CPhGwVfwAd7RXe05kg9o+AxL08t4avoVhOLMsm6jIYpOPtUYYCEoF0CVg/WEuPDjagt3Vd51TrV+KKD1UndlL8MdCV6lcrG/u/mIs9hmIh17eFz/6rz1dCa99vYvdMz4o/7f2l5zZ7J62wal5W9t0bvuFtwcm99z9YebMO/C5qCA4EFbp7uO8F205B2mHR7Iibv9Y3nIC3ZpyKIZuxHRCVFtFKACrPD2jLsSDodzOTCwi0bdvzhDjNXeIuWiLWWPVD2oXEJjnHmgJ5XbaOYtNKAWTU+4qs4FrBhh3LzKwFWAoUJlQUVtIGe6CCT8EaI8fC81+/jiqVpIWKPci002n71a4j16EomeY3aLGcBiZPnDKJc2rccyL0N38myneMPzUK0kmQbRW37wNJ3S/w7a/JAWyTiYtdh9n2ZKgllMr7paPed4KavklzM7MvrphQKs3X5GxHP6/OzPSpZFzRckG6Y4AAtlAMn4jj4FMCQOn0TGv4W80IOhcnEIULSuCXQK8ZMXRjog5u0+VDVx237SMk1eH2OxeMa/7Y7aNN4gn1hKepB554xFGjWIf3dRq1mVIZEKfZ0W/y9Y+x5UKcbpjVXPcleokzAbN38gtek40Gr5aBE1LwrIKrKE/a03sEFedlG6Rf/A6jgpY7F1QzIsBtbbgb81H28qeBRWRONWzHD0BcltqYCVVlTaAU9aiAMDx9YbqAVwvYk8Wl72I4zzNghO8lbIsLyp+HW4g7UmZiMA7t/41e1eN5LodisEYqcgv1Zg42H8cLZ1zjOG82L76m8f+RBLKNays1a2bzyMol8ba8cmugHjBGPQjuqcq2ElXpjsPXyQeNH3XB7WCLDJBWtpMK1EhBVfPd27GNP5JIWho2nDb2janLNCfgjm0uAMTWk8fy5cMn10MKYba8rk/gmOaCw8YA5QvpAvwRZ0EI6E6Cw8nTPqykYrgCxdLh4nP24gW+X7Rj/AIBPKQ9aaGvn9dUFfQbXZxbaW9L30ya9juM151jExdQpwBhLXnxKYh6H2RP1qtfGpMOf78h3t9r+0EdtTRHxQxz6pGzmwAxeastmA2WT6gOQ6Nuawru7EiveUC04/+bWid61qn1mv1XAIPlpDZJC8wFnnGHC1f3U8fstry8j7f2VO2Jr+rllMQQhk8cmzMctXUTJyciC4kIo/XHVutpIhXkOmCuQAZwitQRiCsndSvKhLzOjGeSYntki4sPVbJ3cEsecR8uEVf3VtBwj8wo0AK0ve/HmVQ/cQ+QPsh+Tywdkv7shPtUgmMHLeiB8tRmrFUvgwv8Li1JZoGPIl6nj8aSzeDCmlUjCR50TAAB3ZcG2kAchJtc5jrHByBvG2XZTayB9kD57um2P+Ym1rlJ/aWHhDdsfCo+97Ftcbv6r+dpwidrFKl1euwqzjP/NhkEFkApVnBsc5WFuLspZLfHpn/6UN7rSKUWKpQt0L7PqIRjB9p1LcCD9aOtE1X2MBNObZWmX0/pWs5p04bGwOHykf/I4H209EyRYtrUBmY0RUdsMY+hFLrgazRsEg7m4td8k1K2mmBHJO7wF5gymWkF/b2jrxUJLoJNXmrhJdvUpXN+Y6lEiPqOFRrokBot2CYILK7lq3V572Kqaidwau08SUnqBrNODBS+jKP++TV7pwva5ovNyGCDtw0KIRBf2txuEtlt7QkksCUZOGdbvyanvM3mvdqOGWIAhL70enepHWdzN1Z7JbM9EGFvaE/tT/P3hJA1HaRpXwPJ9+U79CHrUJrWARX2m3x2gogXv7wCe1MlocLwMZN6D/PxO16u7mqgKZxw/fOmobzRI4gbIdnlTnuy6N8mG1DhMWl/zCyQi19qYP30ySv9iaKodcVDLnzSodlWyY0MHwZkwLdN2l/4WaasGA9IgKkOXtuioY+6cpV5eKFPXdMnyyPeM80uBL1akXlmvI++Q3IEahPceNvtm4ib9YVtINEC/4mMoB8J+x0pUn6c5Wpj+u+F5Wdeoqn9dMOeSImyG5RcjTmwNQymfjigpycAVch6AUWbpZxlaYkaSCbHt/CPTEZ6oXkt04fsb5W2zjJtDUkxA2APfahBKgcfU/OP2mkC7z71nAnjoT9N4/hUvutY/PTs8h9MWQVxsqbA9SsOiJSKmadw1KXHUV9XQjbei0xyzJ11F1LIZEW7ndyrvC8WOQhx1ID/nXROxHZJ28vIz5ppWNWiOBgC5TiTGyeTsYrpj2/F0EqMxjK+wpbsdFVBzGVZWSkfnUQYFuxvmdGR2OiU5qsSpH4ZNowUMJEWlBD59lys9qmfbG3TbpzwA4ViSX3MzxlLvCWZMRKiHSiHxd8b/AxJbUNf3oufKkKvKYXRmcgjJL+CV5cvKGRcPtF6aOrGLj+yxo21DPma4sayTW7I+YAc7fL7N6Ac4dJw5pYKcqFX02ZMG8xUo5DmsO+ZHWFKjMjxdfgLdyY/Dg3W3Xb9R1tRvGw5MEdNqYbNwmqd06C14GfEnq8P2yGcP+sCGvlNw3oT35BKZgpWHbs3/i0QpBLVorjs9G717ZfSP720gDii4IRttJAwHCOJsHgGWC1MUn7nlsflq7uqzJg4a4wMEwkPVnDUUTf0WjXCKK90SM41L+BHaopYcCeTOQPWHme6T14Y31lDOcKscOzODg9JKv4/VVB2Sgpky5h6RIZVskAz8S6BN4lAO5qECuemHGJf0lmDdRilGCashT3IpZcb2E9gGvBgLcfRw1YxJWmBCruoRMCp65qEAt8WBkOdQz0WyAG/ilRxx4XWex+9J/Uhs+Rq4oc3IRFwA2wPe9lQli5tfVuqwMk/uybPZWIEfwlCGMdg6YZxC46P9MYB7HpOv4eh9tfJbAXV0cFdbTbnUsyHCvFCk75cNz0KGHBfL/FcAozE7h2zj4b/DipHpxgzM/VBBijr9tDsog1j/ssaCqDxmQCyYv0ez9LGYs5SGBbm8G4O8kZhKw0vwuLfhTWxJ44Vg17vfODL9Lbl+r2otBp3SSnXmqLZwLzF6IzRX/vfm7anRuM5hww0FbdO7uc66ZHivk6M/GcazBYtQiqdT8sW0ndn08jWe8P4VXfUMjCH2XLNIMx6BzFQO1CZ1zd/5acI4jDDQLoiI4vkMV4KAUgHI/wVpYj4jsFSYuSqm/0esyaoW5pIW+4rIYdebvBdg0LPkDx3H3vPjkA4cD5PumeCMiTKO2HfuSJM0zGfd3rX5qxdlhR67aC4OY0Bo1qvSpsIYKl0/dgXcbPf8fm/iJSJ7ToGS0g5heDYQepyU7S+iQz94OdtOVTwr0TlHdzWNwyCm4pKhlchDWPzMC/mFAqt3eBqaWI2jjQSw54wfJZA4OqcPjZnrp1Q2S1JLgYInnllktnmRVTXAoZcC4r42tLIuuAvdQg1hIEFHDfAa6hRD/O/53AzLmGUUE9lIajMNMkWs5ZjItfSWhRVEODaO7FzK9S6ZzJ9L4X9hVkIrru/oL+cSLkp7gm0nBUidf0bpASUxX4W6w0mMmqpLILXu7PsPuMcejtw4Gtr64xOObzhJWukiBiI6pfy8l2tv/4EC7P5uvd60iVnPVlx0sed8YHCa8J5BmL1+cZp0VV3nDyQdnquK77E5OAR4h/q/YCWaM/d4wbIW6qG5Iqs9ZfNT1u7d45dGhYaJ5fYV6JGFHDd1j0tV5EtvSCImIG1APWVPUBlvW+68nbrDSlYonvxdftQcW8fnYFth5ZwoZEM5Jgf+7NpTGrvpe6J2WBrRuCnZuWklG4q+EPhYLQkxq6lSTkrrnXL0Y3nrwjgSb3l/AjFEptB+dxvnFK35meVgt12Z9zp0EATRVZ4G8nGz5aBlgYN36Ox7Dh+35sfewRA9qpgN0dgYqi5lM/app3LkEq48px7FliP1Ivkoa/olYxNyfkKmROhk1n/bWTz23v8UAKL7FepKybTw/aSbWC62jPrECGiAqVfN8LJ07fj+eDZJOp3cnwxgWTOJFV8Pmo+0v8sboVGGghfLVF2VA8ytoIE/g9P1U4y6j3D1NQaCPbN8KVh8o7Vun4j3hfm5lpEoJ8SxmpXQPqZrnESceXz8r2jhibpiEaDOzx2RkEGAUg8o8yyMctRDNKpIez483ogmNV7nE5RVPDjo4Y6OfZvlvR8b2vwB0gJZriunOOrbKPQ8ehOvn6C49KBI4Xk5d0YakwDDjlVQRxN5whUxC4K7mabYsAWN5oicmu7Vw9dAFo464woJ1pzbVFDoHoE1FDPnRD4sI+8W9SUhZM/MNw7iydmnOvubC4JZqWmld0K7/yc+N1uVGEawQVljBLgLlpf10ArrwZC9yNi4tbRVA/dwWrdsLkQ0+EvnDfy4K9FQxJgqw9ZBCF/mi2zb93SKwNRKYhNKT+rlmmUXBIrXNTuftpzibZuhMip5MgwcUFqskq15pOLoSwtbkuMQlFvH1A0XKFyk/lLyFrtteKt3aD14cUJQjvGTTYO+q98UqL55x2h4R+CAJmAPMj9uusk0V0yGxxXHtv9Wil+qCkbTW30YBvC3t6Jn5C081vS7bTRTeRLMT4zMfkYahOCqyVAPl2GcCZTNLoRVgdTI4zsbh5E3GJz4dmacNKHbpOMj2cnS46bVDk0UFbaHO9j84TXY1GSiINdpcdttAio6sVdrb3MIZE+J5HfMg+4v8kMs2+4Lx5wRxhbqsf+/HmYtqJD6OS0pnQ5Xsj42yKLrufaY5K25+K7OrIfQeHAUE5/PkgKuBzJTMwb7OQBP36uGpWi2chVVZCArHxgd0/ZMHzkqHCBNzUPs2bmrXa6Zqer7HI3oS5eH65JLtHON51gSm370B+/2Q1IPLG5XmEy3DPY/rLN/aNdQ+afhYSzyDIz54ox4IaQ1Vn1izjV/miBUZ/NUABxDKn9BPQLmRZfLQHc9PTB8ZzrokV6HQrN2sNVdKIynTPY2Y0UO5K0iK3eTJDDN2rvSjazy1FL3ZKLci2QDGtTEKmiH74MdsQe2PCnRxF1Rqi76XCJMAyecMIHVqu0op1rJt0OQ7b9JLn2bfevv/9P/lD+LkbBNRlgautV6FB5QqfOr3bMMPDQ+gYAW6ZmtB26d1M6a0a8JHSOxgLPdg04dRA2dzlRE8qPYwAniwqOSfoXHRhYQhimXNCRRAh2rSXoU8kKgZYDF41jNiQ9TpXYZ8xWOgG7FvQfi40EPARyZZ7RvzE+Pnyva4hGPdBaKNQn+NZGAM=",
        "page_age": null
       },
       {
        "type": "web_search_result",
        "title": "Apple releases first iOS 26.1 developer beta for iPhone - 9to5Mac",
        "url": "https://9to5mac.com/2025/09/22/ios-26-1-beta-1/",
        "encrypted_content": "EqcJCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDLvdVa7H4xcUNqzP+hoMxKuENu4KPIpPnfbkIjDDICSyDfLArM4JpaEVWBQn7a0vFY6rPYp0Y4Xa4cBYhyZyWx2FEteDDODEGouIihAqqghKSgOwYV69AaNWmbJSJmgAGSnAcYQut1lAf1NSaiT76rY6ELO85L31kTLaRPMNqfmusHQUPwqOC1LYmoIKfSup1dVYiMHzHxUQ57H00xl263DVWcpKnwNrZleNLrz+lq+vnXSBr0B/yxaCbl0Ffg4r/8WW5qv+BhzsRPMd46oZWQpqK2AO/Etoy0fg5ZfsZ3vVpcJVbYK0nqLzhwl0PRRx9jII5sRSMwA+Eyz+2+fyb7wlbMqp637qbEQ3pUdczC5JanKnf5FFFf16aZpaK4uqTK8FiBb9A6rHbP2k6QVGP0ZF99TeO4RrGmEtT9Ginet+FDG5at22iX6PzlOd7KnYBQNp8ogvzm9kt2LDB8b2VQHyaRExOJuz9YGBiVMFW/u1x/ccJg/w4Kc45zMcUmNe1W1OQCpxFvhPTvACg6bxj6bx7kIyE2qUlEgsR0k6R0P9yIX9QLLsX31sWj+zBbtA3maaX84TW4whYU8yhAHA5b/jYKM+fv74/2FDOx4traYcEc2hbjzxMG7IVB0Lfbc53ciBzy5Am7rGA+Feutq8FU0LPsHq/IE+4behgeeRN/68KRr8yZUcQ9/t4V0XqSelk4z+Q06KKHGRMN9eV+Gy05TGdCkyNF0Bf6cpdK1gaWe2hhG0rHlWcT/JFa0Is7oc3DihUE6/jrnQ+0vDMX7KdrI51xR2zhQg0yzq/Z7DdHpwxx6lBopRpujZc5AyrpH4Q0NMu5H8N3jSKu51YTeKNykGaZM3qxpYZ/GiQN8R6NTMpoFhud5nlq9FIuRgOAqtCF0Top99GYM3f+q96mXzaH4Kc6GyiHWKWk+GoZP+jCHnoRi5hVCAQJpA++a8WXfQYuDeJkFGwxK7HVGlXokMVVrL1FZ/Rj7aa7BrKilmsi52vS6pmhu2BLJTxZAVTi66gzjRgwcEKVeGLexdrDKa0mdbWMCpJgdqKM+TmvhwMkA1NIEtW+o7Ur0Ur1wlCo766Y4mii1iQHmdUhphDQK0+O2o1wR2dOuyPfkAsMTPZpshKoBSJ0Vwo/sfoYAIZX2aLhOPK7Zje3whxzCtMzDUgi/1JjoxfkEzqb1d3NKK+PZOaA5pX7gSRg1FEs+4dv4DraVXi6/8GibUw2+93VwvYQKfHaZQRVj7NhrZi+/qFiuv3TfivSpK5RdevaQk6jMyD8GMGjLNcRyF4W4iVE5qYbr1GFd4zfQ0JnbtCOaiYJSX6ZYuDkUzG4arrcxv6++Lrnoluarq0AtkHC0SoBLH9zuEGPy6bZXQr3QOG+3pVio+77SbafEqQ8pKo75PGKwY5LgmtHQrlFy6lDZfTDdxV/Vbr6Y7Bof/bbPl7dRw8ltvFsHKIeNPny2R3JO8cBwf5Rw6wr8vMiNSM0tH2GgQb1/8os1/mDQyd3beIAcKridcvxlEhw7l4LOdGAM=",
        "page_age": "4 days ago"
       },
       {
        "type": "web_search_result",
        "title": "Live updates: Apple Event 2025",
        "url": "https://www.cnbc.com/2025/09/09/live-updates-apple-event-iphone17-airpods-ios26.html",
        "encrypted_content": "EtkfCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDIeAXAKc5M/zUrQXGhoMj5NnKJ2/Oh5wRdbLIjCn/etIqPDPwnXpmaHUswwl6HxdKOFwu5re0sbzCNUHrk9f8JviMzcGk4AYD7Czxx8q3B5ZJ796W70KnC8PgfV2KXGrsZ1uZ6reKTvsVghUajWqnkIMPsFiSNF6N9yuynFCNK2uJleQc781mENuI7ylL7GPoLnPL5E7c0QnUsN68Y2ETPJ9c+izdgZxeW/VfBEE6V7Hyyd0rivBKJ/Ik1Qm2pAsI5Y3J+nE6G3XPnoIiv3KcX4a1HMAdGQtXOSEwIOKga7P4K48MnwpGlCrYU2sxmsmAx4c0Z9mYj4Tmvw37ceK2Qf3Y4TDXKmJPJFr5V0Y9Q7NUTX9pkw5zX5Vqu8FQ4g1x4YZnfcnTJyTz0j1apy/zHdEpE8kY9jpmZS9JIAn8r1lO2MYxgBVzU+8Sp1suFbKBVEu1I+FeFpCA96y9Ywm4Lwhz+K0xKo9ArxaXa7F5b2FzVQ89XYo/0ECopKL/EOTIKCTWfBMkbpDrlldfZ7vrHTj7GzjDBqMlibO9D8udloP8IL/73UnOFyQ8qImGlL7mpAwCaLfL2djzI+pYEuth849DCQHpZ91Bccu4DizyqcgdHOALGmGy3gZhTb8h7xezEfuYNOUjangS61BXtJFS3EGkK2bdGylFPrapByTT2mF9FmROUdIuBSzuBa9rFjq5xJrIDGsKjjBGs16ebc+HVZ3spEYAvMWoyL1mZKD/oPi61SXTbtu6/wkwACG1uw9beFF40wq/RjtGmMCmJWo5vrflDHLzqmkPFldWe8mrGXB0cJQF4VEdySHKrkiRTMApKGc+T9H9rJSWDG750jQKkVrD3K2FX6k6l+beXu+NESluQdt89SOr/5QkZMl+5lKff3MJ3RpgB0AnEbVXM4XjeuNdGvz5hCpOmjFy/dlJZ6Md3hYV1BH/F7F19PQ4rNPTxfyPQbvFR+PTy8agpkh5TL99TTrlCwpU9kbggIUKUQpvBVDYNZzQbo4Y6u3hLvCnvjuM1o75EafOUsk9n1y9vfQniH6U3wAlDTX/+2+/EveEMsK7cxDi0E4mMTIBm0jxx+ovWLFdlO5QKtslOp+p9+9O7FrpuZ3Q6WM2ofbzktX1Pp6GHX9Be26YLSaR4DeUea6lzeUaVg2diJpw6II7em204ilPSlQpvX3lBIBF12cCME/RfKDifqW6yWMPF7hLSKuZuX3xRkPsghTnMAR9wfymB8EH91QuxcbTVP5syQJtvJGdgXgljgg1zEiPEcq5Tfq0VEgsKRvnVaWGXqEP42o0GoG7nJeQkVnVuZ3b4x7bIDY8nOyJG6YqVGS1w6wQBoS4zV0+Kf0u4CJuPA956Oqx4xQD6rICghMWBzJBEJdH7X5klnzVLHhIDEzHDnzysCCEtMcEJwga8p35SbOHkiCUo2A1rYWFLKXzyj/taCjd34JuYMojqcLM4lC79mVtmo1FRLLsaMlw1We1Egeq2uoZwz3snIeJ2m12HyjKKLlsvd6yUdiDjKo4XL2fr1FpV8/kkEpOMB65WSZMSV3coQ/nrtLKZWRw7At6zzUk3/4VR/krG6dpiu6D29HE5gVYquhVK70aCmvlYTENexV/ydI1Vb8FH/G4+5BzUmt7xzBHcKA/TUuRupaG1uGYm8m4jebS3qiKu0tJrLvM4ewdUo9fOY6ua2soSzQ5bre0jYYvrpu7D6tGf0MXx0PuU2gQDNnYVuQ/IbbGANuPzuO2R20WcsVSLs5ozKU0PO0JNsiLzhJczeiROh65JKuYMNJgREAvdLGiww3ic6D+qftmswkQT2MBVhLag40Q4sJ8aQixwylhRWOUOR3kDm3Zu4uDkMcDpkcLHoepFATkMNtBMH31a7aSRpd3S7A4mRnzD+tTBDbhtUf54OGiwzAGFs3c0cZfq//ojuzQbLl7+E0RHLKE7V+ZByTFNF74wReCR6me8CVtWO3p/YX4geX3oW5JDCuuZ0K5A+Y3NOIzKp4VdapndLcLBSIQe+Ulc38xnRzqEhFi1Ma7LNV1ukmrH8Q9P7jJWb2Yz9dc/KvWlqtiqNXa06CIuH/vZMQCoW2C3vkl1jTOLO0pe4th0Tt+uwOv1nC1q5KwDSHFBZIQ4z/Vsgec3YhPe/kt9iaRYQ5i8FtYjX4GV4bVHVde/hWsHfICNvj/QEtvFxxTeYonJFm66obTuvylMX+LAT/1oiDBzpYC3Htongr/h9i77/lno40CoY/YmaTwQGjuE7RXXLtrRmsG3XGWyHClygLmGy8OjPx1SzS9nAhWi64sIOrWTXtk3aLA5CN31EYQN1eLvyp4vraaKsxNaMncZYTCGJ2CEwj0RgNtvZQRR5sKOvNBDrnX1K6IAj4xN/PSJ2pB5qy5oy4E0ctVLgoqEYqv6G0RukyXAO9JqvBKz00+PPvnLjg4O7gcpU4HO7SqTfGoUs4y8N4EBbgNTlpIMUuTVLZ6VfL/sZCyOPluSGUxp4A9b9e397X2TlDhRuGdydHWEE5j2LHJfaGGcKxBwGSIeoZMcLSm0bO4FLSShWm24KFKFpA0iW46AvrwKnQGKnV3brqRDrbSniOjdAgoUrDoTIJGDCu1lVAL4YChO+mTnjeG9WHQd5he8T6mBWdor8KC4ZjCn4IlKFuxSdNFTFuv9yiY93bhwug87OGJ7GI7lYLIEEPQYDcktL/nHCAka84hAey5wTjEei2G6L5XmzaNq6dnyypkTBaz5ht67p/xqkP+pT/NSQzKWsHa9Jxwu6JUjwt8UPXJBmlpJQSdErmE+VIZQRFC77Q99V59ze5yeHS0GEbLXXjnW1RHwCViH9N85Zobu4kwxIm9rTgZSw3Lrf3HNYnNomlL77BiwzJJ8UgqNbmy8IK13thx6RnpCL5B11HHFudptX2KnQ+HR9zOVEhw+rkZeeBBz8sFQmeRNpvmSP//px/kOZczqj86sq940EFNhuimsWtIDunPeZpZSXdi9g0FViwsCbsz/r57LfZArlCEbyblSWgA98jreXkevx9qb6TPm3I7Zpvajbbj5VR7hYCJRAFNeJBZR7HqTnMsGDMVr1nB+O+0qBloazRlg1hW13R31ehlozR0kmB/ok/GHaffewl1ad/UXVmY97jjfc9dzzym4+vKqdWXEls9zcfN+lTKLi/7vT+pDyA5/46L4HOjP2BziMPLJMcwOc9xZxYon13sqeiPtapWISSMjiCdHeshvlD+YbuqxAu6zdsiCeeQyOaAjMvGCq3nHHKY7guuTmLBhii/rmDGnNJ+UHfV8hqHTWzhrq82GMPjpTWj41cC8gplxALUMKqWtY34DAOj3HXh2Hu5h8chQ6BmqGR+3jn0hn65CL+hMIL1nY+b4SehsbL8FlwwzX2pIh8PRwVSLkYxlmk9P1Xgt63q5HHdlONm/pGGaeXXhZ3HN8fNl8KoNQtVQkkDnE8yRvf5sPe4vZVda/iRiKs1Z60QXBgiNMKm3A4F6C56fcK0AlDL3FIjIgP1UavJkZZ52RDu/IzK92ci+fukPpRSkISVGisy2hKSw7kQnWJwb4ICDWrzRVgVIHK4DrvJeYiCxG09qZf57UuJpqhQ9KWbhQ7/IaW4RQ2B/a9q5xPTtjtDXWxPHyep10zys4P++uRZoAn1xZfGjZ8xOVrI/81rtRbu5hjasiJaa2K0RPtOEp1Q01XGTzKtjF/eHSX966VlvkDg9WH7e4z33dHsl4szDAdvA+3UUTce89w9VpPVClZBzalVWliliyShbbgNn44te1QeO1gyTh/oC2UkivNzQhXn/CHcAw0i1E7yRJKrH9C4JLlCO1AvR+/3a3nFXibnbckp9t9G4qwFnN7dcjpJEbg1roxBbTKHxOOSkXoMnOFGGtzEF/DgK7reuEif+7AGXDy5wDncEIUIw+1fozhw0lsFMw32I1DamAK1LlAkGcYMtfI7SjWwV/m8zT/pMv6zqQ75yZcawkdsCEwHrEjRuQBUWKyCrZimUc2VBpZCwNiHd8ZGumUM3lx5G9+6a571jFLGDlRvU8vbgiOVvSPtiKFN8dQchRhMeRaNw9FivIXyiVTl73krfcPvzmwk4/a2x4g12x3JiL9IYk5IiozD6MCVouogBF7wUwH9b/aTcsXAUMG33naqn9z32Qy4FHAz4A+Yq91nNw8OBTrV27XgcaAm8Mg8DfWax+5D3fczGjGvVp5Y5IKLH7lCOa8wp3GHdp0pEw1JsPp3bBzHLaaCz0uuCHRk9oD64/+OcGpGKiv56un946GHLRVc3dajtAGfiUdB2IUEI26QNFj/WQd385hZhl1AXQgic1WQIz1AHjJIuu4Cfh8X7UMT7kjEJrps17vIPHEW1Epgrw3aSQWRIpyrSsaUgYpk/n6A08sNHP6rdHfvnG9Pru1Kb93rdUfF1FT85qmpbeJpXNpj34HgdnrgSEdgqxzWpjQorsU+eiQI4lhDOGdRt/csyfVAmrbDhxtaTLguHP37lJOCxBfnjTbFYVhTM/gpnCLnlXRMJnADcoI9kb1ZRwMC4Op3Cu79rwUH5nUgQCm7qf9ajhwt0qvmCbSV+gQL9HJsjoYQs1mbN7xX3x2w1OtMHCYu1oDOhN8yTThGSQxdygksPs+wCMzMSSLyr6zkyhhVcnf2OJcvoosmCT96REvqunevWkyUjrtVnxEbOPOR+jbIijditNfgw+/HTMp9HzQNxFYiK/95eFczMTCFNlCljNo/4C2Xd623U34hiZG4AddiI6BNFCI4nyvyQ6ZXSwwPduNA75hT3XWJ2bbNpDCCo+lywrGrRCXY+Y7AKquopv8ewKOJ4ohIK/fyZ/OBl+jCl+Qw/aq4j/yx3v3s5qvVbyxF67KGMqEcaMlZt4KFTW7b5o1e46LlGSMyzb13MRJ523f4EccYuHRmLY7ABQlqtrEKcg9Oo7l2M6m/YqacyKGTgiH/1DmKkT470ZdyO2QMpWpURcrvPeIA3U4BQ75SxhkwLusTeiqyojPksQg0wfk75tFsVNYrhu7uwxcu1kPfiXavdY73uRGanb+FUxL4EY+3Ipb6biMmazkm94zx8dIqI2iZe/4PZx3v4DVBDNKO1wHqGrTDRwI3rV+AwMynGfg/dA8cm8VYfmqfQaz9lw8XedkXaB+V7htusb347GVhmtGuCMMk0/MMPqZ4lX/8hk9jFOMQjD08V8wiyLYtraCbX4PPiLUi5l3cikI1zxMm4wmevRmX8WW9LB5SdfTJpkx2MrvXFX4eOI8j5OzI+rQWMblZFU3bmRIC5aiq8mGmPKUdGMayOOBJUJsigjSC1kSYjhzciQRIQ9C+JWnGO4zlP14qJH+keGbFpn2H3XZ0NcK8SK4TBgD",
        "page_age": "2 weeks ago"
       },
       {
        "type": "web_search_result",
        "title": "📰 Major Tech News: September 25, 2025 - Future",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "encrypted_content": "EpgaCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDOcglplZsJKYlrnklxoMMo5+UEdMjVu+74cqIjBYZ+8naX+ljV2GkMjxdfRGiTkZ2dvBdT/6wfROt3c2GRjXJk3ePppyI7LAJDrilucqmxkcaWHORseRMXNxPt9x4jXnwkK0h7eNGNGCwO1HQBEOhLPVeliuO/AOXsHh3KP0/1RXqlOT23P32D0yjtr/n7+FGxOT690YNVhGrFRmUhBPuA5G9CAnqUkXfHDMkaaT26U7a7eLqi2RUfmg6oALNzAhTBzlAxDJGJZe4Hfu9XBCaGaOamQhHLquYrWOLLQqIvBumOKOQR+Bur+TXXlBTZYPBh5g/rsG7T5+3I0WsoWlk4S6aTtWydB/damWvdZa6bHgb8d6zznUNL6eLm9uINy/AXJdfZXpK1De9TC4ZXWa26crfkphmaQgcIa+G5zuD9pw8NvNG+tlDhF1Jo8HEnOAD7bu080T1n9wDqIFZQ0hbH0NBizsJM+wsNHDWNfhoZGEP5IKaytqJ5z25nxB6KOb8gJ2kNmiIE0E5tl3hIf1gPnrEcy9WgI7Zwi8BxUOLYrT1sCmWfLTb2EUUB+v5fPbf6rMIc8BnJK/OmHeW3K35ujeTVFv8rTrjHLk+fCujyfE54eoOzce044sjcwewiUTxdkooIn57osIc75HXN+OedYSJDJbAC65pcCs6Cle/mqBjLGIoTRp5hIs23Xo69VM0DWxukJOcKGOC8wOOKw2jZky4DPxedvDWKZRWQsdNkBThVxgkrUxFQssZlZAv96kM8NtBz2sRIaSgQu1sVFj7hy3PdWgQjYfCPGz1FhLSahtZK9pg2oNMCcS3atjrIk/sRAB3gub+nrhdIvRNM5f/cGBnohDBAU3MQNy9dBp6jEgSoTT7KcB/xrGPp8kJNiWNJGYWMp52WZW0t5NYMWHvVU0uqMnhmMCv90H82yc25sjEI6FWOGnSLQVwi17UHuzYgfYvjoECmCmuhAW5+kdRO5OjN/PSMDfcdJTDgURVxkZm/cD0zpGHj9s/5RfQ06422yBsmw7rX82JWzy2fV3GR5PQ4oY+Xw1s2sHqztohCmsXRmHLVdeEG7IdzC16Rvo183XYm8TGcue7enVBf7uvizhIwDR4T2CgXtVONEptwvvhn7lkbRsqejgWboBXuVAzvIjlwt1d/lbOULLfGWas/HS3HeisoJlavQG+eF796jhwjWSW2UOjewtr+HbL0LQUAOpMsskbUd+S37ygzzmUXwjWwp1vnxFRpgasiYbNrEBFgdgDf4RFeOpWWxV0BQdDCXZzJaWeCCOSeJYgga00Qw0zFEeTQNwmLYmknJkT2xB2xTwuQeyeIrKkLywA8njCQxIPk7cPCw2rA1beFjQZZL3Ujmm4mV9RMRB4YDj+JmcZbjoHa6xPHOHvpTyoGswQIJjKwPpmiyqdhobZAVau9daqbN6BMv+OgEiso7yefd4hkNv6NPUUGE3QEqL/+xO4lzyybJzgRxSthQKzRoTC36m3mZoBalIoptomwF9EalUXxTWIZ7b8mBYAXU4VeP4QflUhGZg7m3tIA6yHYW8zkfx9lq6LVWMKUr4SBJa1RDikM7jpRC7kLNxsthDDPjQOpXD45D/41UTiTBMIgSHe68Cz7OS9uTteOjdulm/frHz4UMLazpcMWtaz++Qp1TVSdMzrDlmAHAT4omq9IU9gN/tKyF8gC9Svr/R5S6RA5FjJwOvcBx/UHWpUQ9hVeQHjVkrUL5AlbABgZNxMkaQCVSMSSqg2847DS70wZjoSWbFGobUnkd9jJ4pWrkpaIl7ldTLcm9bL4pfdWC9RmvK5OZSpbjLujkl9Yc6JUob3TVQRyRcBMsFF5pM3bkMbVhN7lmWSZZR7A9TS5ZMOvRobG29Yx5jPRbn59URThmJc3Hl1GR/0mhPQaSk7HzlNtwS3ZssSsrohVA7xEcCcFJzqLLAgnQIR9xZ/wuyF/FByDdlHHj7wKryldQmHhccHQgzIY8ZnklmB8sGQC75TreKF8fpxBQbIhLRLzETuL78vHfvYUppyi8xcKpYpl70xyv93ZsbyOkVPTUJfJQK+Wu6AvBWSKb5dXII3RrTOPWMqq2E3eaSwRvNTxBI/gag0DFVDjGB0EUZf89aeMbLo+Ando6HRXb2MgOlQAHD+vmQFeHPErA0y41J3/uy0aaeA98z25AeIpbTkjmd5QHjpRN8FW5SaKwLeneiQX1rL0UQOESQ6+FibCbhH26FDtrmV/1RVE5ib0unWFMBL0wguYkacn22YmtfCwr9i1mMyuKlCRJd7nWgkdLgWJM/gf3hfobOdtLWc9Hx6f6j98Uto3pc6rXM1aocpw6EC7xkEfpkZhDtiwdi4yTQ4QLDlkpmtcT6fquBwOkZ9KW52QxHEopdxVBcvxCoa6SdwB+sD64kSPqi5Pj8rBGdz+1IbGz+pUPfaBMwDMArbw2PZ4DkEcKaa24hfd3Kj+YDuiLFUvBJ2kN7cDPANejt83uIY7Lo6vJh+kAsGFJ7XoezolqoeGs9cny84V7ZMMrsIqPpHg1HwqE6H+GuKixjj+OV57KCOS2YHDwfJ1lZ/uUk86R7Wc6NRUhd/dQepJt0hy1jyqE7NtHT1Hz0vTjQanNdI/KxjysHJlm/FA7835zwmQgaKRHf1iGJmT+TmnftBY/IKv9dhSuIyoc2m9Krpjc27Z2bHH1VW+nDsMjhT8tasRlwry9SY3A2PM+BmHOK9PGtzY/xRGqhcVKHgeciR09DxrSgVfXReU/7xL/vcmhRtM+jSD19meYI3VVJSlYAYcI+zz/f/KhsYRTFpAHfP7SHZmS2tx3n+Pk4CsdPHoXlRDoVj5z2g9K0rQgYI7QPm1hQwSxrjVEo3HNqgY/GMUfTPoiUEKkssImmEmMP9oVvtfAawAysrpMINn46Od/ayqF/GDpT2kgOP2fyLMByTJVt+PhzgwepVp82rQzfpUjS+2QiRwcK38P8V1RQV4nvwFWTcXpiMQQnL4maTc+OMFRiOhpt+xXbB6TtMpjQTLKRE9HcM667shmxSEwGXwNH5MuWBPZAeu+6DniOPomtLhnSq50+ABsOVfHXe7GBV5y3GtYXNcB5KW3ARWWLOMpzYRCfbUNTxopeUEIE9qerQw19sAifvlgOgu0hTqYusJofSFEAR8ZxYkua6SmfBlG5Oh4wLLT9ufrVh3ecoXwSdORqLkraI2eFl5Cm/ILjk+2tWgQ15ZhqNSMLLP14gnQSSfSEeSffiuUTSqMb5KtF09I5mOhaydvmhHJ6d+e6bAAQr+2BkDY5XOPc5kD+AKYZBqwdNxrrwJ3ycXfSSjbAvkrgUcRwFcfmaNQkuyEPQImsawXieybUE+zrIE8/QQ/ZcATUfgggEqvvunmv0Ymsi7EE/vsVwS+BPyEKbjh6ekwTIsGv/uSLzlKAXPnrwgJqWSDkObYmhMXnqD4iFVKKU8/mFV0dDkX5EwIhN6YIKaVKmpEUF9ByxKGZHj3ZZ1ZiKN1jdNmaxzU2w9XeXlrgTVMgjmXkUzXDAPw6whl3WZFUhSnh5ShY5malqWDr/5fdtbYaIKFRiJM1NEOGd8T/iMpNoN058LA8ifIp8j8Gw5M9hCG3abolyv1iz/S7sohiMH0Txc9BD68CQhUIucxBjgyIcKReRbf/+fJIJgCEtzPMcdD860X0Rd5MGoA2fLva/4oB9Pg63Ydwg5uHfZaPVs4H/GCCPI/PT+RgJ9eJx4luco6miWvin4zJwLTF8DsasWUNk7R0UkWIlVVETMtZeivTkb6DNnjfhCxLRtgnQHWnyZpBibzePYsd5CHD7JN8fPUNDDG2S0Hc5rHGatYE5ejHJybgIZure6aUbsyDxYPm8CA+P0Z6Re3izv9RYKuRd//MjcaTpvg+8+fwYQ0vPyf7yg1mP6DvctITofOhDP9PnsS49VWuMwA0bvYkh09YXrQI2kICAdAIi6TwC6YT1P5fzsCZt3q72vPiqeJ6KuKeeDYPE6zJnniP3M47UIIzt2nSPlDPtiy8eVexRjkAxfQw6j8ZJQUzIp2sKAbQLdjImHXZT+1ekYJ5I1CllEyzuDrft0W7IxJ8AwVzuNnpHUVoOz1TXfdxhdlNGvdjjtRo2u8zGNIbJXkQqo6hDuzVmjZ9GIR+xQx+f5OgpX2+oqGDxGNhIiFe3nP5LgFLUzfLk7SxIpyAZ5gByZABwiqVvXr0KXIH8mg5vgtxf5JkwstSRc4TNeg10hTIuIJg6sU2aoiWTX791zDkdTeEWUO/LQBXcqWMbNMZp44KXpSW5jeNbHAnYblj/ts27X8+aQCJwb6Uib187Iuwp41SADtHvo4HJ3Gt1vzfANvAkl23bKQHzoael0XqqwNMNHd0juLmEz1MenTr90mdxGRTIGH6Ixa7R2ckietYeTVPS5Lf/fCrkxgD",
        "page_age": "15 hours ago"
       },
       {
        "type": "web_search_result",
        "title": "iOS 26.1 beta is coming: When to expect the next update - 9to5Mac",
        "url": "https://9to5mac.com/2025/09/16/ios-26-1-beta-is-coming-when-to-expect-the-next-update/",
        "encrypted_content": "EpMXCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDOywZAfUqBYzcOM2rhoM7mVG7opELmoU2OnBIjAVXcHtnBs8V0jEGd5Cl4NZgrSYU2DwCGCXLitf0mBxMtjS4tWHNERc+F/qpr8c/7kqlhaWiIaOhVvOQxLY/WgokI5zFz/+pDgb1WlH/7rYJLLLQzekTpY+91pzG8r/Ag8v5210gscVv6O5G6s60t5TqXcN29SZnX68qed2wuAHmlHj/fFbk14tfS3+ZrC4sV4lnfCErEie3/pWT+4ZihLnEXbbC/EIPPpOfeu5jzG4580ogBalvwoL/Td6o26CBYZklxs14tD7CXzHOl9jvVkS4aJX3Llu79oaQBpMjpbIXvnaHODLH3Yk88C2ngiGO1LXP2WKZhwbdpxkFyveED/7Jtm0QDvJVS8A7gESZbusFdal7Ocm3na/ageFOMZBo5CV4gFa/H0ausCS7LuGW02ad0ywQ8Omdk7+dgrbyfngWvh7x8DT+nRSMojK7yktBBKpNbtEzrLZ67JubxCRe1NhGD67vgomr6E8cbRyYTx1BVQ7yDqbWrgcze89PgsjGXda9OMMZU+/86yiiWyEwH9Qbd8t2QI/jiq7WPQhxIQ8ccq3kva4P0rBAGSaaH1MDvllg3MoaJ1CRA3esZ44tmOmpt78ddaJ5srPHpVvJWt/ycGZkYvoneXkGmjLjkvFFFibTTjGMtQVENgcvGTj01BlGZaobDUisRAkBwarlEgmGqRINKhX/CQOScZXyJHxw799HU4zhWpHTibjxxLkll5LW+1ZtqjYbR9CZf93nMq10WWvamNuHlHqiixRBz5eTim963B1bMH7BCeuQRlCPhRLjZR88P8JBbc7DCtem4IVL0o1mfjyE7XiD+DGYHiLrwJ200Y9+UbMWxsFHIpuHdXyHzM5S8m7C3DIgNQ93LFSaJlfYkqRA0fR0SCtlUaOfAnwVFj+JDiyS5RHmw/zZYNsyjQBpAatlDNkLeV6MoVb0iGtWSsOTut5MH7k45BFVQoHx1UDWxUUhFZf8zlP3gXeVIwKCxdDKHt+hgAxlzC/GmMFg4kGDmmw4rB9rEWm0+erkcKK0rQhJ5cJVDbdaPPjTAJZwuKLM0Wh666ysms3O9jBfqdQGzFS7SaMHZrrwDa2eH0IF9Y56HVTuRmefh5XCkDDgA62e0B4tc+4Ttfwy/L+c5a5T8Ps/NPdEfF0PQqRBuCZQ3MCEE1fAtX+mserbN7uCRH1yeoPxwtihFWHgHv/sTdxLyuNzGpypqyK8ndkuaHhB9sDP00WJ8J2tGOw21jcxCom6cVltBz5whlM8X36ecf/meVnt0qbuSXiXCEoiCTsQSE1yZCJKNIQs5jBiTbnx++Bb/5oUrHZA0DLPDZHV3Gtq8sZvh4wSYLI2jUp9649h2nvrsumbKqgQNtEm1nE5E//8/qD39dSXJ8xlIqhSAHFlb9C8Rgr02KOHVnUReE/qUD3f5bmjhQdNH93Xt+1D+IgXCUuvBlV4NCs81gAEg7b8FCAfIvQumoNeH19WgkqUTfXLmLpMAtAx67DFeoXSnCNu2Znc+Vh3kR95NQKvVIs00+qdY54T4h0jHyLR3h5ZvKdLJN9pcdQ7+jHzuLEx/BWgCRBuztOlHu68JT6bt1JLiZHk432mwQAO6ad2NYXcvWwZficnEhXYpqm/bG76t/jk+NBCyTWc8mqJP1mWCegFVSiYIYGpE13uFgtDrOsog6s4O+ym02im13BIq2FsJzKOi0TOW31O4gpTbCyQt5x1VY1k4rwsgc+NyDKglgKl2eKn8HlrMygjhBQ+bVKBheE9kBcs4aEX6NX9D0BswNDv6H20/b/TMjeUNLrHlN29bjJXmVbdNBKymE4DIVyVvLTpH973rBa7S9zoLbwe6z6JGjxUHBNVMR8TCBXUIvAkf/CQFIzXZnsiIBTIDeJm069PdiJD2+vi2uMTLRbJ0Bivoh1mHCxtW2Bxt+5k2IH72ACw3hJZwJ6n3AuwYYhBJurWn1ExDmluOVGp85K2TssWzPdc95ZGRBbrXl9coFc6JmVOmzjayONA3QkshxAX4m8+0tmGmwl6ENoU5Mnvi7HSXKFEFAZ0FaVf2MqhZ4xehpC8kHZjruJFa9UQKy+lbukR1LAozaO/kR4DXQopH+qusQ3xMaNC6pfcywyTA0seVjzY7wtVbW9xjJLDP4liVW4AGo/vKviL9z/WuKG4mp383YjlAsKUG8f6jNcshDBWEO4wL4ONEw/I3VYeWOAYgbVtmeAeTEJ01bWzkV3UKmJFP00Yi1cSxkTELBoL62qDs3jnZWVjg9fw7u3XhICTRCGga5TmorsAYET/FKrXW30eoTyb1iaWzEtEHGKs/50ZIJdMTQ1dm9wba3n/WA/LnYIVvx/cMUv2oqNlJ17XYCObmCZ6euBwl/1ppBLyE/+quXwYYyZfJjVciFYh6RF6fFnAVpVz5PGD13LH9Wj32KhvYGuVf3w4k7Qy1lX/x+Gz2t+cUIefJw5bmSmhuUKtFFGD6qpt6zlBS99ENelLDVjexVLCdqvsBs4Qv72sRQnBDlU3ti63WR5o4K2AJ31z4pVMuOgR3n6Wdwly8TJhW441cBtovHNmY0DmtSR4SIRsxFizpt6W+RKBNoywfnp2ufUELFP6FEX9R01tsSeFSE0pmK4iYKg7mC9NQJTqcBcCvOjt2eocY+rgHHSBZGXuSqmsfblUC4F2zZSFAP6iZaMvQyxFWSq9IVDe7lkpp0lSkTQ4WirVmP1cKipqMnUFoW4h3/rMh49nMIT7/HL6j6vZC2OPoOBog3a+vu0oabMXQoHk5TBFU6pV6FGrCNi2mQsYCPn0wwPjg1/UVr/H7xDlOR0ldptelrxrT5TAHrkYtKw5u3CcKpxzMGfNWKs8s+L0GY6v0/+CfRcEdTQNcjl+x+8BYxeiIs++jdzc3hErHauizpb30OnKvZ5YYszjZOPJWgo1BekZXl4+9W5vdaQGbhF6Wy6B+1nl8jNhWL1EMy0BbIUdaRkJ80cCrQ5NQHUwrrIbXXw/54HUCxTMMJhBEdzPwt5CJmbB1ak50Of6zM2IjQPAtsMuGiGXw14lNIy25VbirpxvHfAjUcpSHjBGmq7QldFWfHwI1hWPzp9w/vHGsHS8edH/Iza9XrjZUKW9VbsoPqbySNgkrNVphj+WsylROF+PAxz8L+yGlzQq6ULYfcctplG9j6NnFtd5taOT3R38jCHazhjZBaHRuF4nTd4JU7UfpMuoTt2FpGIV3/GnwdA+vy9b5BqdYE1g5CnYbVknAXGY4lY4gDKksiX9kK3cU/pWGHwmibh1MAilIgnlEji3cwWx2ezPx0Tn+F/fWDCVow5SIa+blS0NerKBVDab+fzYP8nRYNn7C8bK7o8PfHPLK35RPasJaJagc4KAVFDxxJo77+m1IOCvcWCLPgj84rWHK7ZXCsdMdAaVma6n3mL36gFwAR83aKcE7f+RtVt8GrFa8FTNst6BCsPFjFIjHCgKeobfa2Ycflz4ZwDWpEC0mkm5bfsqE4lrT3M0IabKKlVoHAVSZgWKcnlwEaaLbcNo43iD2q/NWXYjY5h+pInn1Y2qAWtTvNf7pEKVun5pSEuPbgDsIwJR1SvAjMK8gwjnpMKgq+WSZBokIyVq8ZE9UxjD8VlVg1egu1qUJLRndST58oiTO0ESeEuMAuY1H8+GHkjrVoZZ3jJIN+xXely0e+5S9113LNI/2IrvM0SiPPWUAJY1iREyFgSuW1D0/9QQjmN4mTolFVdNVK6tjsopQ0hwaiJ1AvE8aeUNtDf24omBIymackC0sg+iU7zFpMteem3v3dIc9KzlBJGFHpNzYMbXtq1FewXOqo67iYcqB6QkNdJVIwq7xlm5WedCXbycLvLC5msj7JlXnaR+fYYAw==",
        "page_age": "1 week ago"
       },
       {
        "type": "web_search_result",
        "title": "SciTechDaily - Science, Space and Technology News 2025",
        "url": "https://scitechdaily.com/",
        "encrypted_content": "Eo8MCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDLPUMrtoLmNwkROa+xoMpc7TcpSDSLxbNRsTIjAFica3QRCADZtFhSsuBG2Nthh/g91XPL2SgUhjBCtnpM2OKe3TaXcSWHgNBQRAWesqkguvlzDbGlc0AW8lBrZYJj3J9M7m/DD03DcVCV2GnXeQuk35OyTkK+Ya8DyFtUel2eO+QOPdIgFfuCo8hGPL9WampQIRKcnOWQG68inwf3SmMfoxXDjU8q8gApinDbgntEjAS5sB5Bj1IPREycfpIJ/KgQtI9hC3daW18oAeZ1c10G3FOaRNa6JQ5vs1/OMRVr1V3Wr5LMtqyXXVzHzAEhFMWGr2VzHiex6BRJTilPGXEhg29UC+sLb7EjgfM7B5svHG8qRF/PfAjbMRn/NaKyCt6mDfAVGiAcuX2dt0KKr0QsM23rUtTHuLAHoXdwmbJl+HHbS8BiSjwmvZ9Hjb+tw4UiglGkkneKeb9keUaL52JIC4bh5Yemi5oEbi0Wt8+y3TvRSf9P2IFvYomH1dRXUyvpqbjXazvMMzR+N1ldUC658WEiBykZUa2m2jTXmBKdl+/Xzu+h9u1wl1qkU7+gDRdF3nsYFt2fIohuwYBJe46TFNOiKcwWOzE7xytX6HZM2Tg6EMHaM0eMfhM75WuGxPFZzwUhmQOsL85S6Eqn0aWcds+U/D2ZwokLQvcbvp0EA4yupkw2sxis+NMrp8fFENTHAWl1Opt81s8aGjduDX1ByRHsyacRQOfeHLtjGjalf6P6sQIb+B6lCHKSAA6TZHAF2IpqkYEuG/XayJiRDEJe41oRFf+xARU1/zgaaLjh7KBjDvnmLAPoOgfY+qJYe5mD/lp2h0AoxOB+Hsc/xc7piU2rJGvVSAOS4t+RDFr/Oh/eAs+UHeYy5sWWBOV7PxBl0mXlGTBbcF5Gotx2LJYbnA5CaF3U8GEY2UivDiqK0MrUsE1Nq6RJE5D3ovLXsaLFxms/0tjfl5QqCIGvUa6TZhpA3jeyvUnpMTikVdO1H7ZvFnfSjZ+aOX06WPf06UlVHPt27ArK43jko7yv0buIpOML6SFE1SdUs1DP/Sdoq99rbjd3Su4H53lLr+KeGTg0dK25fbs2zKYi0MTUmUu7s1xyrapCwtDU+ax80yZVWF+FxTIO8We/vYNr2Z3t4mjKYFtCnJZpQoSTdW0/cfrW7QYfmpy6EXQs2xT0Vs61Fq+4vcP9JEwvbGs4OxZwu9vxF9ZlbB97KFLrOSJZtUnLtec9QI5Sq5GijRMOssF7Ej270PV7nZG+UTVeIm2Sv1n+19dqnFgRNvfxOJ7epuHofcVClRBUreKoRsRN2rDOBVd1GyitqEnwvP9HaUSlADte9077gHOHqCx9v/W3GqIk3wqugtgCPgHFO7/VK7hIeFKldqP5NbUSfHHMalCC2fuWMPb5+aidKeZ6iVwnak03q5QARUib1pljCpSHNNOXyU2UOjH9wegiuH9Z0PteU7ALGO/lnqpDCy3kbK6Q7yYztdZG9pgVY3gtnkNAbJgqHeV9dWhb2W7+Vqt3Ap/lhvl4GTXAow6qy5VALsfDS2zsU2GAQnGyYYW+f7GjdLjhXIfmAXa5PGap/5YlV/Kk49/O903XgJn3RLWGRO7KiAHd/ZP4XjFuH3Od2jQ7W0WKGBxUjZnlHpxcrfBc9IA14rrMseVBhRcqPfvIAdMkq5+Mc618DDVLORvy8Q3AaoQZS/KcLVJ/5rM40Y+oDanZLCYIFxkaLmH7aAkzwwMigVnnxONZQHLMK7OyU1uuF8oQtPZGkEaOZ3MpXii6oZ/zjY8ZGITfIDtRYLwARuMsHAkI49LLG+mHYFvGm1YeyddmA8kzfOMvw/V0XzUzPQfXoYSvDXz9CV//pBPytUDgJTsmI108+JHUV0fmMyIS4bwbzMU7Igx6nbYX/p8dnm7BcRYUyoN+MfwRd7WYRpvwQn0j7IoT8V68GQJLlgDG5K2Nh2XZYhJBCXg6lPxtvcsclkzahApNZkK0IKS8asCJk4S8v6GAM=",
        "page_age": null
       },
       {
        "type": "web_search_result",
        "title": "Technology News",
        "url": "https://www.cnbc.com/technology/",
        "encrypted_content": "EssRCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDFqYwOlj/Ab1we8AABoMaNtavO7wOyuy5eeuIjAMAEBcKM/YbqrGpxxn99BF4V3kwc43I9MHTXZ2Vn4j+APBumRp97X53l4h7147DGoqzhA4Y1/5sd44eVz/ziSYwAMI1dhOFBqPJ6Y6TVE1X2ZhqVqg8YC9xvr7s6/v24s4cJuSEajQJaBSEYeBocScN9ppr9Jm0t5NSKILogV4sQ2thsH4g8ICy0S3nL5tl6IkGWSsKB19Z18mAInQlV4CQT5Xa+K/P/bhzgkznM2BDGDDDq2RnxEvFZAbkKLdMX+NpX5SFPoJLqOtn274onZM2POFDbtkI9ZkWVMB2I6Vi5WIZG1Ex+MecyrdPsIUB036oEUG1mzZecP2Hq9jaKtUy2X2x2fvdmBV5nX+U1EstBI1spp9OBNzzirsbEWrrM2YrD2TgtaEUks5dzdhJSiS9kS4IwWgDOMBXvunMQ6NybpMrSAl38nHKuMGmotI2qNlx7Vj7+QplACsP4ZU4RFwxf+yK4Q0xlWtnoHcULjwL/CNKsopw7E1b5Jj+KDrAk9HHMfd9gSGNKDse194Qxh3/ms0Jk+gMo8lZdwFQJp2KwU0cBVEBFPA9MofuxIPD/4kvM7dbzQwoSCHXEFujCGfdiYAwwzTQ7mGj6XHBNG86PD218S+H+S8X0DmEdwwwIi7ZlPaeoqn7oZNdU4j1aH/MYAnlC+iRllXfE1tHxQTmMIGgVJ3/LiEI4qbLSlz+biJK8QBpvQ5zdQ5Znob9FH0uSx8dZRcY0+dUL72lykSXte5UeFdfdv9mccMw5vECJ4+FdTc7l6y157fWf6NRjWQ94Cd7liNc1CloeFopLb6e3Qy9pj4csM6a6DRuBwjJPs0vvvu8Arj6BnepJOa9lLX10xGa7/iYoXtFemgvH5GLYLbvpbBXnMo9fT9Dfq8nzv8/O5z7qNx01b1amu6CGREFNVSaznvumboHAYc6o5LKHyA1Lyl0VzXvulxqVTA9K48j0fLnWVYE+EgYerOs1DDD+/VEVf8r9RcA/gSv4uTtXQJFZOyOGnm7LDdTS+ne4XmQFkXFRo7QcEOCNhlrTOBUfZhxVBiORzWhJaWTYj52EHejCXp7H/bTr4hWwjPOERmv56rC6XfLz1AjG0rT7hE3zoD1fiIRBG3CulBcn/ce5oaLEslw1X4Br2v5LAlbUvGVY2G4Bpynqlrqjbr37rG+1n4zXnbgdtkHRQk3dVjJNWc0InvpO/cJijxrfJFZKY7RVuRom7W0UNO/5OWXn6vMHnHJk+280LjYoH9H30gursS2tICLca1R7ZYk/FA26BiO4y9+CoQ/VD3rOnQuPuV6LSCvd64q4m2OpDo7O3ELWBVqyZ0ui2eYdAmwqNORwXVWgcbpPcWKtsHf6PpvR4ecX8LgGGfyurKBMqQ2yjMZajVmtlLo2bJ2JSqugzk6qB/xxRjqTttrrMcgjWCXSELoejxK9Ic5pfCxcAITcxcsbih9a7JCkrjTL4YvvWZ2efsszX1Ts8JtFuEoIUsWiwpRJ2A53qvQIA79z9En0c3faVuAERgxOOt6MIQblNCWbk7brk9yNj1efB8T0uJoA9n++56zUa++UvXV1JMZ507pXAfWP7hsVCLXwmsvyNsvcC9Hr/UntLdRem5lpyKUVggZyMtT4vzpvJx03ZP1AH02m9QExiPWlkXAEQSzP9DTdOEbS5Rb4tN2USPJMI7RCiSYz5QLyQmCnoI9e5jqJsRA89Z/GjdFOW8iXNJ+GQAs79tj9WeiXNvAxtde5xr1F/mqaD9qktiKTMT40PUGaFvlwPGlNvS72uRJ1RpBdiTNCqtdm76uXIeZNnYPphPHkdlpG08DrfdeZadmGJlukHuluphyaYjYntBK/0d0kmkeyAmH/8XsXW0WtCDN12NEl9TwZeAb3/vCsbrAjgiT3NHOPUM976SU20yW72W6iBrRmnXbIowlBQDtdj8FGpOJRLzRycXGX40Yw1tqJhPE38NdW5p2xq1sK8L6Ec4++vnM2Vh5dLYdr4OYEQhsd76mnnej5n0w4QSKTHjfjbkLhsWnw/ohmKCNyAt2dLbx4w+UoWC1djWKsDeYJTgglQ5VOqS2/Zd5vxGO21QkNS7wnIYkKv0ppRoZTMRrKZl/Q+gh8WRjICt2DMUUuaaFcfHIHdTz7tE8qqU4xtZWS8P1BuGtp1qF33FhS2QNJog26sJvVYa5A1Zu3vc5MsioTWg9BGCI8W3w/oHb+yxxGQaTKHqU3iSHJCUssoPuUgZwWjri+UsbotIvX7kiFRukuZ2J1PLGCRSI+OapyorEA70h3Yy35eKsyJ/aKlNsRLd1g7GeXOXF+vuoOzuYyhicKN277VV8VhVotJ+ZaidHlOflSAueHpdAAFapum7G+g1Rwfcv8flWXf49fJ9hmC00B0U+bOJbWFVKG0ccLu2M3gwxPiqBWnWcBWoBFGbw4HhXmxtMawF1Waf7TVHVqFVqnCF4GERE+IS7FHAeG4vVK7pNiqGNx4FQTorW7NiLd8rS8cUIbYUyLn1lkhATzOz60t0TaiJEeDuO1VZ54Dm2/8CBHDpScrwiBT0ArFo5Gf5SieNUBivtwIsZxXWVXvqttfquq/TZ5dffLrigWvL0EfM6Tk+vjcMc3WpAhLtb0n2vcCJwQlwf+gFySrFQ6pwa1/Q5RESP4UsYjSCWqm/sNhzlRKKLuuea4DyAU1NYefqfuo6ZzsSZs4Xp4zR1KyVt5cgz5laZTP0B+ou12grT6mpkCQq6zneDciaFr8D5+7G3ToRVcoV+K1lN2oH+xXrdVoCSQgKZU59EnXAo6yqHu/euA4yyMmNwwrHAIwTa/WSsMNbYxCRkGwkLAwTnQUG3hzaws2YlMR1Z6C4KA//XeZp7PA1wRRhFP9JDEorxqB6gfFRgQeNLO6jt/RUGeJwxc0bnqyRxRgD",
        "page_age": "December 21, 2015"
       }
      ]
     },
     {
      "type": "text",
      "text": "Based on my search results, here are the key tech news developments from today (September 26, 2025):\n\n## Apple News\n"
     },
     {
      "type": "text",
      "text": "Apple today announced the grand reopening of Apple Ginza on Friday, September 26, located in the vibrant Ginza district where Apple's retail journey in Japan began more than two decades ago. Apple Ginza opens to customers Friday, September 26, at 10 a.m. JST.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Apple today announced the grand reopening of Apple Ginza on Friday, September 26, located in the vibrant Ginza district.",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDN+3yPep8hrW9WwANxoMO/sEZvNTf/xpoyVuIjDRoNaRlBo0z68VAiTpUeOWF+P5edPT3/3i60mbhvTMOTWMAyGiNjnSf0/ceg9FvmcqE5T//6pWT15OO5PH9g/jQaotEHkYBA==",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple"
       },
       {
        "type": "web_search_result_location",
        "cited_text": "TOKYO Apple today announced the grand reopening of Apple Ginza on Friday, September 26, located in the vibrant Ginza district where Apple’s retail jou...",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDPhQNm231kpbwvo5GxoM7h/deBh9okrXVy+0IjCF8Fu6pVDoxH5kEHYnDxHcXjYGxUWsqPa7zWJj63JvpbcAnqR54Fuu/j7sEf52c3gqE4+wq/aNt50hD3nwsq0nGX7XZFoYBA==",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple"
       },
       {
        "type": "web_search_result_location",
        "cited_text": "Apple Ginza opens to customers Friday, September 26, at 10 a.m. JST. ",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDLbB+GC68MPUyjdjEBoMxbiOu598WzwdiRCJIjAAhTSlAu9Es/ErWBtEgie/Mp5VktMqh/JvZ//uprZEXDRnbmLUPROzgt7MC+BHPFcqE4mv+hJs7CQQtjFEovk32MFh4QIYBA==",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple"
       }
      ]
     },
     {
      "type": "text",
      "text": " "
     },
     {
      "type": "text",
      "text": "Opened in 2003 as Apple's first store outside the U.S., Apple Ginza now returns in an all-new four-story design that brings together the best of Apple's products, services, and experiences in one beautifully reimagined space.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Opened in 2003 as Apple’s first store outside the U.S., Apple Ginza now returns in an all-new four-story design that brings together the best of Apple...",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDInhmZCA7JQw90CQiBoMZdhuGlh0urSfikIlIjAOfQluExdSLykntVUY5/QUlAIPpun6DAqXn9jxHbTB/GTMr7QuGMGbT+5fwdMk/U0qEwvQELJf9hlOYKENgMoheizRBfgYBA==",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple"
       },
       {
        "type": "web_search_result_location",
        "cited_text": "Opened in 2003 as Apple’s first store outside the U.S., Apple Ginza now returns in an all-new four-story design that brings together the best of Apple...",
        "encrypted_index": "EpABCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDPdYUCIhgQkfi58EphoMC8P48MQ3sQFlcnfKIjDPwLNXEt13Rqsgkakpa0pFH+se7uElXxWFBumPnCSJebZSZBCdBelu8VeP32khIMAqFLCf9j+bfA9UCuOfz3TCRcqVUYbnGAQ=",
        "url": "https://www.apple.com/newsroom/2025/09/the-all-new-apple-ginza-opens-this-friday-september-26-in-tokyo/",
        "title": "The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\n## Recent Apple Product Updates\n"
     },
     {
      "type": "text",
      "text": "Apple is considering building a pilot production line for a foldable iPhone in Taiwan, with plans to launch the new foldable iPhone in 2026. Currently, multiple sources have confirmed that Apple plans to release its first foldable iPhone in 2026 as part of the iPhone 18 lineup.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Apple is considering building a pilot production line for a foldable iPhone in Taiwan, with plans to launch the new foldable iPhone in 2026. Currently...",
        "encrypted_index": "EpEBCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDN9RRNtj1Qp6RaNu1xoM99Hpd9h5/iiAHVV1IjACHitA/CndYvvQF5mFfD37nMJCc2Dt9+WarXhj7MOp0SULX1XGU/UsFAkp+LFUxWwqFUTSJ7/UKDtvO7kikg9WL6iVvVicxhgE",
        "url": "https://future.forem.com/junyu_fang_a216509a97501d/fang-junyus-technology-weekly-september-26-2025-2ndd",
        "title": "Fang Junyu's Technology Weekly - September 26, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\n"
     },
     {
      "type": "text",
      "text": "OpenAI launches ChatGPT Pulse, proactively writing your morning briefing. OpenAI is rolling out a new feature in ChatGPT called Pulse, which generates personalized reports while users sleep. Pulse provides users with a quick overview of their day with 5-10 briefings, designed to encourage them to check ChatGPT first thing in the morning.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "OpenAI launches ChatGPT Pulse, proactively writing your morning briefing. OpenAI is rolling out a new feature in ChatGPT called Pulse, which generates...",
        "encrypted_index": "EpMBCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDLi26WjvZzuqNWkZGBoMN2xRMzTInXpgc+N0IjBV5WkXoe+qIbxhn3ZuE4vKJxW1DxkaVK1FOzOsZl5XK9Wl2IRhbEGLpqKsJF2uSNgqF8CAJjYkYVTQUPqU4JKD7jE6ZgE6NwvhGAQ=",
        "url": "https://future.forem.com/junyu_fang_a216509a97501d/fang-junyus-technology-weekly-september-26-2025-2ndd",
        "title": "Fang Junyu's Technology Weekly - September 26, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\n## Major Tech Industry Developments from Yesterday\n\n"
     },
     {
      "type": "text",
      "text": "On September 25, 2025, headlines were dominated by seismic shifts in AI infrastructure, potential blockbuster partnerships between legacy chip giants, and escalating regulatory battles that could redefine global innovation.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "On September 25, 2025, headlines were dominated by seismic shifts in AI infrastructure, potential blockbuster partnerships between legacy chip giants,...",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDOQ/NQu+nnBHHIkVuhoMXqvV+iEabI/JvCcEIjDan9SLf1kUDEjapUM3Tstq5f3nrHJSMRj+XdWWzrlUVfLX4K6afVpgOK6pZzKJ8/4qEwZgT6oJF/sGnrdCPAA8mlKGdxkYBA==",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "title": "📰 Major Tech News: September 25, 2025 - Future"
       },
       {
        "type": "web_search_result_location",
        "cited_text": "On September 25, 2025, headlines were dominated by seismic shifts in AI infrastructure, potential blockbuster partnerships between legacy chip giants,...",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDPTNFSUt4rkCaRmBiBoM8HcdQPJstID+PCGGIjBLhIRYpaD2k2EGRa++jM2pLq1TF7VFh2pj20i5gpPW7qKG8awi0bxnbUHJh6kI7hcqE63MfpB43d2a081kYEEtnpCMjDkYBA==",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "title": "📰 Major Tech News: September 25, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\nKey highlights include:\n- "
     },
     {
      "type": "text",
      "text": "Microsoft shook up its AI stack by integrating Anthropic's models into Copilot for Microsoft 365, reducing OpenAI dependency and boosting productivity tools like real-time analytics.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Microsoft shook up its AI stack by integrating Anthropic's models into Copilot for Microsoft 365, reducing OpenAI dependency and boosting productivity...",
        "encrypted_index": "EpABCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDAC88THJtPYWws/AnRoM9vnyF6Cv1kG0w+zfIjABi6xlH9yl/cfwW1kVKxEww0QSITFKBixiNoGIEoEOPy/unW0Jt1KgaQ5X8sdVDBwqFB1AfiWedfrXpRtEghZYy+a3LIanGAQ=",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "title": "📰 Major Tech News: September 25, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n- "
     },
     {
      "type": "text",
      "text": "Oracle followed with a $15 billion bond raise for cloud expansion, riding AI demand waves.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Oracle followed with a $15 billion bond raise for cloud expansion, riding AI demand waves. ",
        "encrypted_index": "EpABCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDFusGSC0EOZjZBGgARoMfOwWDOch04HX9MVdIjBZ3DN9EtoEgYz3dKM+oRWK2bhrg/5/O0JBbumO0HMXLjwnoFzD25fvVr3ic1VLcB8qFL0kqPObH+ugPBuuh8a/3gCs5xApGAQ=",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "title": "📰 Major Tech News: September 25, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n- "
     },
     {
      "type": "text",
      "text": "Google launched Mixboard, an AI mood board app with Gemini-powered suggestions for designers, and rolled conversational editing to more Android phones in Photos.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "Google launched Mixboard, an AI mood board app with Gemini-powered suggestions for designers, and rolled conversational editing to more Android phones...",
        "encrypted_index": "EpABCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDKTAT7cc6BiCx6BdmRoMkVcS4u/F+dWR3K8bIjCBixw1ZX30TadhFVj+NE2sUZLJjkKxJtNtYPIyQBhIpZoOhTIvkp2lsbwkzR/CtWMqFIABgH01yvhMEvw4JGr9mx6g+XhBGAQ=",
        "url": "https://future.forem.com/om_shree_0709/major-tech-news-september-25-2025-5h38",
        "title": "📰 Major Tech News: September 25, 2025 - Future"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\n## Recent iOS Updates\n"
     },
     {
      "type": "text",
      "text": "With iOS 26 officially launched, Apple is moving forward with iOS 26.1. Apple released iOS 26 on September 15, bringing the Liquid Glass redesign to the iPhone.",
      "citations": [
       {
        "type": "web_search_result_location",
        "cited_text": "With iOS 26 officially launched, Apple is moving forward with iOS 26.1. ",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDIPB/AN3fJlbLwK8RhoMuar7jkDtGlWf2zAqIjDhSubMgOqlu9mQga+JzkQPW2Kq/+Lc2PPJarWoWOwpvAhd0wEkDbe+tvffGYUvH0gqE2r0uwM2Ab9FL7pYWlhK9dXq7NYYBA==",
        "url": "https://9to5mac.com/2025/09/22/ios-26-1-beta-1/",
        "title": "Apple releases first iOS 26.1 developer beta for iPhone - 9to5Mac"
       },
       {
        "type": "web_search_result_location",
        "cited_text": "Apple released iOS 26 on September 15, bringing the Liquid Glass redesign to the iPhone. ",
        "encrypted_index": "Eo8BCioICBgCIiRiY2JjZWJjMy1lYTFhLTRmNjktYTUwMy01YzgwNWU1Y2U0NzESDKwFwl13npJwcmRCphoM51Qmc4OrGRffab8VIjD6jLriOpBhiA1tmErisXQlR3pDvzabIE/sUXyiW8bv5d+URlUm8GQRQOGdMY82kscqE7REcFDzGjDki9CZFMNYpjMkKXIYBA==",
        "url": "https://9to5mac.com/2025/09/22/ios-26-1-beta-1/",
        "title": "Apple releases first iOS 26.1 developer beta for iPhone - 9to5Mac"
       }
      ]
     },
     {
      "type": "text",
      "text": "\n\nThe main tech story today appears to be Apple's significant retail milestone with the reopening of their redesigned flagship Ginza store in Tokyo, marking over 20 years since their first international retail expansion."
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "text",
      "text": "Hello, World!"
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "text": "hi"
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "thinking",
      "thinking": "I will call the tool.",
      "signature": "sig-first"
     },
     {
      "type": "tool_use",
      "id": "toolu_first",
      "name": "test-tool",
      "input": {
       "INVALID_JSON": "{\"value\":\"Spark"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_first",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   },
   {
    "role": "assistant",
    "content": [
     {
      "type": "thinking",
      "thinking": "Let me call the tool.",
      "signature": "sig-second"
     },
     {
      "type": "tool_use",
      "id": "toolu_second",
      "name": "test-tool",
      "input": {
       "value": "Sparkle Day"
      }
     }
    ]
   },
   {
    "role": "user",
    "content": [
     {
      "type": "tool_result",
      "tool_use_id": "toolu_second",
      "content": "No result was provided for this tool call.",
      "is_error": true
     }
    ]
   }
  ],
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true
 },
 {
  "model": "claude-sonnet-4-5",
  "max_tokens": 8,
  "stream": true,
  "messages": [
   {
    "role": "user",
    "content": [
     {
      "type": "text",
      "txt": "x"
     }
    ]
   }
  ]
 }
];
