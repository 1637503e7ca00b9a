-- Headless Neovim as the editor: attach `forklift lsp` to a script, wait for
-- its diagnostics, apply the preferred quick fix of the first one, and write
-- what happened to FORKLIFT_NVIM_REPORT:
--   line 1: the diagnostic codes received, space-separated
--   line 2: the title of the applied action
--   rest:   the buffer after the fix
local binary = os.getenv('FORKLIFT_BINARY')
local script = os.getenv('FORKLIFT_NVIM_SCRIPT')
local report_path = os.getenv('FORKLIFT_NVIM_REPORT')

local function finish(lines)
  local report = io.open(report_path, 'w')
  report:write(table.concat(lines, '\n'))
  report:close()
  vim.cmd('qa!')
end

vim.cmd('edit ' .. vim.fn.fnameescape(script))
local client_id = vim.lsp.start_client({
  name = 'forklift',
  cmd = { binary, 'lsp' },
  root_dir = vim.fn.fnamemodify(script, ':h'),
})
vim.lsp.buf_attach_client(0, client_id)

local received = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
if not received then
  finish({ 'NO DIAGNOSTICS' })
  return
end

local diagnostics = vim.diagnostic.get(0)
local codes = {}
for _, d in ipairs(diagnostics) do
  local lsp_diagnostic = d.user_data and d.user_data.lsp or d
  table.insert(codes, tostring(lsp_diagnostic.code))
end

-- The preferred quick fix of the first diagnostic that has one.
local chosen
for _, d in ipairs(diagnostics) do
  local range = {
    start = { line = d.lnum, character = d.col },
    ['end'] = { line = d.end_lnum, character = d.end_col },
  }
  local results = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', {
    textDocument = vim.lsp.util.make_text_document_params(),
    range = range,
    context = { diagnostics = { d.user_data.lsp }, only = { 'quickfix' } },
  }, 20000)
  for _, result in pairs(results or {}) do
    for _, action in ipairs(result.result or {}) do
      if action.isPreferred and action.edit and not chosen then chosen = action end
    end
  end
  if chosen then break end
end
if not chosen then
  finish({ table.concat(codes, ' '), 'NO QUICK FIX' })
  return
end
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')

local lines = { table.concat(codes, ' '), chosen.title }
vim.list_extend(lines, vim.api.nvim_buf_get_lines(0, 0, -1, false))
vim.lsp.stop_client(client_id)
finish(lines)
